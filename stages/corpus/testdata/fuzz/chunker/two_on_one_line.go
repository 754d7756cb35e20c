package p

func a() {}; func b() {}

func (s *S[T]) c(
	x int,
) {
}

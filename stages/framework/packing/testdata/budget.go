// Package budget splits a token budget between conditions.
package budget

// Split returns the share of each of n conditions.
func Split(total, n int) []int {
	shares := make([]int, n)
	for i := range shares {
		shares[i] = total / n
	}
	return shares
}

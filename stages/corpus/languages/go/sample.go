// Package sample holds the constructs the Go chunker reads: functions,
// methods on plain and generic receivers, and a struct.
package sample

import "strings"

// Queue keeps items in arrival order.
type Queue[T any] struct {
	items []T
}

// Push appends one item.
func (q *Queue[T]) Push(item T) {
	q.items = append(q.items, item)
}

// Len is the number of queued items.
func (q Queue[T]) Len() int { return len(q.items) }

// Normalize trims and lower-cases a key.
func Normalize(key string) string {
	return strings.ToLower(strings.TrimSpace(key))
}

// Package ledger keeps the passage ledger of a pool.
package ledger

import "fmt"

// Passage is one versioned unit of a candidate pool.
type Passage struct {
	ID     string
	Digest string
	Cost   int
}

// Fits reports whether the passage fits the remaining budget.
func (p Passage) Fits(remaining int) bool {
	return p.Cost <= remaining
}

// Describe names the passage and its cost.
func (p Passage) Describe() string {
	return fmt.Sprintf("%s (%d units)", p.ID, p.Cost)
}

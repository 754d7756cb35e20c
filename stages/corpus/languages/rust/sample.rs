//! The constructs the Rust chunker reads: functions, impl blocks, trait
//! implementations, generics and modules.
use std::collections::VecDeque;

/// Keeps items in arrival order.
pub struct Queue<T> {
    items: VecDeque<T>,
}

impl<T> Queue<T> {
    pub fn new() -> Self {
        Queue { items: VecDeque::new() }
    }

    pub fn push(&mut self, item: T) {
        self.items.push_back(item);
    }
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Self::new()
    }
}

pub fn normalize(key: &str) -> String {
    key.trim().to_lowercase()
}

mod tests {
    #[test]
    fn normalizes() {
        assert_eq!(super::normalize(" A "), "a");
    }
}

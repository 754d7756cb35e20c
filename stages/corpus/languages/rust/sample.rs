//! The constructs the Rust chunker reads: functions, impl blocks, trait
//! implementations, generics, modules, a trait's required and default
//! methods (Shape.area, Shape.describe), and a fn's own items: a nested fn
//! (checksum.fold) and an impl inside a fn (checksum.Acc.add).
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

pub trait Shape {
    fn area(&self) -> f64;

    fn describe(&self) -> String {
        format!("area {}", self.area())
    }
}

pub fn checksum(bytes: &[u8]) -> u32 {
    struct Acc(u32);
    impl Acc {
        fn add(&mut self, b: u8) {
            self.0 = self.0.wrapping_mul(31).wrapping_add(u32::from(b));
        }
    }
    fn fold(bytes: &[u8]) -> u32 {
        let mut acc = Acc(0);
        bytes.iter().for_each(|b| acc.add(*b));
        acc.0
    }
    fold(bytes)
}

mod tests {
    #[test]
    fn normalizes() {
        assert_eq!(super::normalize(" A "), "a");
    }
}

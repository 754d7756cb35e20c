# The constructs the Ruby rules read: methods of classes and modules (nested
# ones qualify: Store::Cache#fetch is Store.Cache.fetch), singleton methods
# (def self.x, and the methods of a class << self block, both named
# Store.Cache.x), a method at the top level; a block is part of its method.
module Store
  # A cache of computed values.
  class Cache
    def initialize(limit)
      @limit = limit
      @items = {}
    end

    def fetch(key)
      @items.fetch(key) { yield(key) }
    end

    def self.default
      new(100)
    end

    class << self
      def sized(limit)
        new(limit)
      end
    end
  end
end

def normalize(key)
  key.to_s.strip.downcase
end

package sample;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The constructs the Java chunker reads: classes, methods, constructors, nested types. */
public class Sample<T> {
  private final List<T> items = new ArrayList<>();

  /** An anonymous class bound to a field: its method is Sample.BY_LENGTH.compare(...). */
  static final Comparator<String> BY_LENGTH =
      new Comparator<String>() {
        @Override
        public int compare(String a, String b) {
          return a.length() - b.length();
        }
      };

  /** A lambda bound to a field is a chunk named after the field. */
  static final Comparator<String> BY_TEXT = (a, b) -> a.compareTo(b);

  public Sample() {}

  /** Appends one item. */
  public void push(T item) {
    items.add(item);
  }

  /** An overload: its own name, Sample.push(T, int). */
  public void push(T item, int times) {
    for (int i = 0; i < times; i++) {
      items.add(item);
    }
  }

  public int size() {
    return items.size();
  }

  static String normalize(String key) {
    return key.trim().toLowerCase();
  }

  /** An anonymous class argument, an anonymous class returned, a local class. */
  Runnable sorter(List<String> keys, String... extra) {
    keys.sort(
        new Comparator<String>() {
          @Override
          public int compare(String a, String b) {
            return normalize(a).compareTo(normalize(b));
          }
        });
    class Printer {
      void print() {
        System.out.println(keys);
      }
    }
    return new Runnable() {
      @Override
      public void run() {
        new Printer().print();
      }
    };
  }

  interface Visitor<T> {
    void visit(T item);
  }

  enum Kind {
    FILE {
      @Override
      String label() {
        return "file";
      }
    },
    FUNCTION {
      @Override
      String label() {
        return "function";
      }
    };

    abstract String label();

    boolean isFile() {
      return this == FILE;
    }
  }

  /** An inner class. */
  class Cursor {
    private int at;

    boolean hasNext() {
      return at < items.size();
    }
  }
}

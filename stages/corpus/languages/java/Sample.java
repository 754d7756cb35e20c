package sample;

import java.util.ArrayList;
import java.util.List;

/** The constructs the Java chunker reads: classes, methods, constructors, nested types. */
public class Sample<T> {
  private final List<T> items = new ArrayList<>();

  public Sample() {}

  /** Appends one item. */
  public void push(T item) {
    items.add(item);
  }

  public int size() {
    return items.size();
  }

  static String normalize(String key) {
    return key.trim().toLowerCase();
  }

  interface Visitor<T> {
    void visit(T item);
  }

  enum Kind {
    FILE,
    FUNCTION;

    boolean isFile() {
      return this == FILE;
    }
  }
}

// The constructs the JavaScript chunker reads: functions, classes, methods,
// arrow functions bound to a name, and exports.
import { readFile } from "node:fs/promises";

export function normalize(key) {
  return key.trim().toLowerCase();
}

export class Queue {
  #items = [];

  push(item) {
    this.#items.push(item);
  }

  get size() {
    return this.#items.length;
  }
}

const cached = (n) => n * n;

export const load = async (path) => {
  const text = await readFile(path, "utf8");
  return JSON.parse(text);
};

export default { normalize, cached };

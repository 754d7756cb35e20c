// The constructs the JavaScript chunker reads: functions, classes, methods,
// arrow functions bound to a name, exports, a class field holding an arrow
// function (View.onClick), an object literal's methods (api.fetch,
// api.retry) and functions assigned to module.exports and exports.x.
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

export class View {
  onClick = (event) => {
    return event.target;
  };
}

const api = {
  fetch(url) {
    return url;
  },
  retry: (n) => n + 1,
};

module.exports = function main() {
  return api;
};

exports.parse = (text) => JSON.parse(text);

# shellcheck shell=bash
# The engines of the BM25 comparison (tools/engines/README.md), sourced by
# tools/setup.sh for --engines (and kept up to date once installed):
#  - .venv-engines: bm25s, numpy, scipy and tantivy from
#    tools/python/engines.lock, pinned by hash (install_lock of setup.sh);
#  - tools/engines/lib: the Lucene jars of tools/engines/lucene/jars.lock from
#    Maven Central, each checked against its sha256 (a mismatch removes it and
#    fails).
# Uses venv_from_lock from setup.sh.
venv_from_lock .venv-engines tools/python/engines.lock /usr/bin/python3 pip-engines.log
.venv-engines/bin/python -c 'import bm25s, tantivy' || { echo "setup: .venv-engines cannot import bm25s and tantivy" >&2; exit 1; }
mkdir -p tools/engines/lib
while read -r sha path; do
  [[ -z $sha || $sha == \#* ]] && continue
  jar="tools/engines/lib/$(basename "$path")"
  if [ "$(sha256sum "$jar" 2>/dev/null | cut -c1-64)" != "$sha" ]; then
    echo "setup: downloading $(basename "$path") from Maven Central"
    curl -sS -f -o "$jar.part" "https://repo1.maven.org/maven2/$path" \
      || { rm -f "$jar.part"; echo "setup: download of $path failed" >&2; exit 1; }
    [ "$(sha256sum "$jar.part" | cut -c1-64)" = "$sha" ] \
      || { rm -f "$jar.part"; echo "setup: $path does not have the sha256 of tools/engines/lucene/jars.lock" >&2; exit 1; }
    mv "$jar.part" "$jar"
  fi
done < tools/engines/lucene/jars.lock

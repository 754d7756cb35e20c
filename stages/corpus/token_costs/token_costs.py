"""Token costs: the WordPiece token count of each text of a JSON Lines file.

Usage: token_costs.py VOCAB INPUT OUTPUT

VOCAB is the pinned MiniLM WordPiece vocabulary (vocab.txt; its sha256 is
checked against data/tokenizer/minilm_wordpiece.textproto by the caller,
token_costs.h). INPUT holds one JSON object per line, {"id": <non-empty
string>, "text": <string>}, ids unique. OUTPUT gets one line per input line,
in the same order: {"id": <id>, "tokens": <count>}.

The count is len(encode(text, add_special_tokens=False).ids) with HuggingFace
tokenizers over the model's own pipeline (its tokenizer.json): BertNormalizer
(clean text, CJK characters split, lower-casing, accents stripped),
BertPreTokenizer (white space and punctuation), WordPiece (greedy longest
match, "##" continuation, a word over 100 characters is one [UNK]); no special
tokens, no truncation, no padding (tokenizer.json truncates at 128 and pads:
that is why the tokenizer is built from vocab.txt and not loaded from it).

Bad input (a line that is not a JSON object, a missing, extra or mistyped
field, an empty or repeated id) stops the program with exit 1 and one line on
standard error naming the file, the line and the field; OUTPUT is then not
written.
"""

import json
import os
import sys

from tokenizers import Tokenizer, normalizers, pre_tokenizers
from tokenizers.models import WordPiece


class BadInput(Exception):
    pass


def build_tokenizer(vocab_path):
    """The MiniLM tokenizer's counting pipeline over the vocabulary file."""
    tokenizer = Tokenizer(
        WordPiece.from_file(
            vocab_path,
            unk_token="[UNK]",
            continuing_subword_prefix="##",
            max_input_chars_per_word=100,
        )
    )
    tokenizer.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True
    )
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tokenizer


def read_units(path):
    """The (id, text) pairs of the input, in order, checked."""
    units = []
    seen = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
            except ValueError as e:
                raise BadInput(f"{where}: not a JSON object: {e}") from None
            if not isinstance(record, dict):
                raise BadInput(f"{where}: expected a JSON object, found {type(record).__name__}")
            extra = sorted(set(record) - {"id", "text"})
            if extra:
                raise BadInput(f'{where}: field "{extra[0]}": not a field (expected "id" and "text")')
            for field in ("id", "text"):
                if field not in record:
                    raise BadInput(f'{where}: field "{field}": missing')
                if not isinstance(record[field], str):
                    found = type(record[field]).__name__
                    raise BadInput(f'{where}: field "{field}": expected a string, found {found}')
            unit = record["id"]
            if not unit:
                raise BadInput(f'{where}: field "id": expected a non-empty string, found ""')
            if unit in seen:
                raise BadInput(f'{where}: field "id": "{unit}" repeats line {seen[unit]}')
            seen[unit] = number
            units.append((unit, record["text"]))
    return units


def main(argv):
    if len(argv) != 4:
        print("usage: token_costs.py VOCAB INPUT OUTPUT", file=sys.stderr)
        return 2
    vocab, input_path, output_path = argv[1:]
    try:
        units = read_units(input_path)
    except (BadInput, UnicodeDecodeError) as e:
        print(f"token_costs: {e}", file=sys.stderr)
        return 1
    tokenizer = build_tokenizer(vocab)
    encodings = tokenizer.encode_batch([text for _, text in units], add_special_tokens=False)
    partial = output_path + ".partial"
    with open(partial, "w", encoding="utf-8") as out:
        for (unit, _), encoding in zip(units, encodings):
            out.write(json.dumps({"id": unit, "tokens": len(encoding.ids)}, ensure_ascii=False) + "\n")
    os.replace(partial, output_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""External repository @judge_data: the real judge data sets, read where they are.

The judge stage measures two public data sets that are never committed to this
repository (see docs/judge.md): `humaneval_icescore/` (ICE-Score, HumanEval in
four languages) and `vicuna80_qlora_prd/` (Vicuna-80 from QLoRA and PRD). Their
parent directory is given by the environment variable JUDGE_DATA_DIR, passed to
Bazel as `--repo_env=JUDGE_DATA_DIR=<dir>`; a relative value is resolved against
the workspace root (CI uses `../shared/judge_data`).

The rule declares `environ = ["JUDGE_DATA_DIR"]`, so changing the variable
re-runs it. It writes:

  config.bzl   JUDGE_DATA_CONFIGURED = True/False, and JUDGE_DATA_NOTE, a
               sentence for reports (which variable, whether it was set).
  BUILD.bazel  one filegroup per input role (below), each a symlink per file at
               the file's layout path inside this repository. With the variable
               unset the filegroups are empty and BUILD files must not use them
               (stages/studies/judge/BUILD checks JUDGE_DATA_CONFIGURED).

Layout: each file is the path of the upstream repository (terryyz/ice-score,
artidoro/qlora, bcdnlp/PRD) under the data-set folder; each may be stored plain
or gzip-compressed with a `.gz` suffix (the shared copy compresses some files;
a clone of the upstream repositories has them plain). The importers detect
gzip by its magic bytes.

Errors: JUDGE_DATA_DIR set to a directory that does not exist, or without a
file listed below, fails the fetch with a message naming the variable, the
directory and every missing file.
"""

_VAR = "JUDGE_DATA_DIR"

_HE_ROOT = "humaneval_icescore/ice-score/experiment_source/original_output"
_HE_LANGS = ["cpp", "java", "js", "python"]

# Model keys of Vicuna-80 (SOURCE.md) -> file stems of each source.
_VICUNA_MODELS = ["7b", "13b", "30b", "65b", "bard", "gpt35", "gpt4", "vicuna-13b"]

def _qlora_pairwise_stem(m):
    if m in ["7b", "13b", "30b", "65b"]:
        return "%s-guanaco-vicuna-generations-topp0.9-temp0.7" % m
    return "answer-" + m

def _qlora_relative_stem(m):
    if m in ["7b", "13b", "30b", "65b"]:
        return "%s-guanaco-vicuna-generations-topp0.9-temp0.7" % m
    return m

def _prd_human_stem(m):
    return "answer_" + {"7b": "guanaco-7b", "13b": "guanaco-13b", "30b": "guanaco-33b", "65b": "guanaco-65b"}.get(m, m)

def _generation_file(m):
    if m in ["7b", "13b", "30b", "65b"]:
        return "%s-guanaco-vicuna-generations-topp0.9-temp0.7.jsonl" % m
    return "answer_%s.jsonl" % m

def expected_files():
    """The data set files the judge stages read, by role.

    Returns:
      A dict: role -> list of layout paths (relative to JUDGE_DATA_DIR, without .gz).
    """
    roles = {}
    roles["he_samples"] = [
        "%s/humaneval/data/humaneval_%s_sample.json" % (_HE_ROOT, lang)
        for lang in _HE_LANGS
    ]
    roles["he_judge"] = [
        "%s/humaneval/%s/%s_humaneval_no_step_%s_gpt35.json" % (_HE_ROOT, lang, lang, mode)
        for lang in _HE_LANGS
        for mode in ["no_ref", "with_ref"]
    ]
    v = "vicuna80_qlora_prd/"
    roles["vicuna_questions"] = [v + "qlora/eval/prompts/vicuna_questions.jsonl"]
    roles["vicuna_prompts"] = [
        v + "qlora/eval/prompts/reviewer.jsonl",
        v + "qlora/eval/prompts/vicuna_prompt_relative.jsonl",
        v + "qlora/eval/prompts/vicuna_prompt_threeclass.jsonl",
    ]
    roles["vicuna_generations"] = [
        v + "qlora/eval/generations/vicuna/" + _generation_file(m)
        for m in _VICUNA_MODELS
    ]
    pairwise = []
    human = []
    for a in _VICUNA_MODELS:
        for b in _VICUNA_MODELS:
            if a == b:
                continue
            pairwise.append(v + "qlora/eval/ratings-gpt4/vicuna/pairwise/%s-vs-%s-gpt-4-reviewer-threeclass.jsonl" % (
                _qlora_pairwise_stem(a),
                _qlora_pairwise_stem(b),
            ))
            human.append(v + "prd/data/vicuna80/ratings-human/%s-vs-%s-human-reviewer_threeclass.jsonl" % (
                _prd_human_stem(a),
                _prd_human_stem(b),
            ))
    roles["vicuna_gpt4_pairwise"] = pairwise
    roles["vicuna_human"] = human
    relative = []
    for m in _VICUNA_MODELS:
        if m == "gpt35":
            continue
        relative.append(v + "qlora/eval/ratings-gpt4/vicuna/relative-gpt-3.5/%s-vs-gpt-3.5-gpt4-reviewer.jsonl" % _qlora_relative_stem(m))
        relative.append(v + "qlora/eval/ratings-gpt4/vicuna/relative-gpt-3.5/gpt-3.5-vs-%s-gpt4-reviewer.jsonl" % _qlora_relative_stem(m))
    roles["vicuna_gpt4_relative"] = relative
    return roles

def _resolve_dir(rctx, value):
    if value.startswith("/"):
        return rctx.path(value)
    workspace_root = rctx.path(Label("//:WORKSPACE")).dirname
    return rctx.path(str(workspace_root) + "/" + value)

def _write_unconfigured(rctx, note):
    rctx.file("config.bzl", "JUDGE_DATA_CONFIGURED = False\nJUDGE_DATA_NOTE = %r\n" % note)
    lines = ['package(default_visibility = ["//visibility:public"])', ""]
    for role in sorted(expected_files().keys()):
        lines.append("filegroup(name = %r, srcs = [])" % role)
    rctx.file("BUILD.bazel", "\n".join(lines) + "\n")

def _judge_data_repository_impl(rctx):
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    value = rctx.os.environ.get(_VAR, "")
    if value == "":
        _write_unconfigured(rctx, "%s is not set: only the authored fixture is measured." % _VAR)
        return
    root = _resolve_dir(rctx, value)
    if not root.exists:
        fail("%s=%s: directory %s does not exist. Point %s at the folder holding humaneval_icescore/ and vicuna80_qlora_prd/ (see docs/judge.md), or unset it to build on the fixture alone." % (_VAR, value, root, _VAR))
    missing = []
    ambiguous = []
    lines = ['package(default_visibility = ["//visibility:public"])', ""]
    for role, paths in sorted(expected_files().items()):
        srcs = []
        for p in paths:
            plain = rctx.path(str(root) + "/" + p)
            gz = rctx.path(str(root) + "/" + p + ".gz")
            if plain.exists and gz.exists:
                ambiguous.append(p)
            elif plain.exists:
                rctx.symlink(plain, p)
                srcs.append(p)
            elif gz.exists:
                rctx.symlink(gz, p + ".gz")
                srcs.append(p + ".gz")
            else:
                missing.append(p)
        lines.append("filegroup(name = %r, srcs = %r)" % (role, srcs))
    if ambiguous:
        fail("%s=%s: %d input file(s) exist both plain and as .gz, so which one is measured would be a guess; keep one of each pair:\n  %s" % (
            _VAR,
            value,
            len(ambiguous),
            "\n  ".join(["%s and %s.gz" % (p, p) for p in ambiguous[:10]]),
        ))
    if missing:
        fail("%s=%s: %d expected file(s) missing (plain or .gz), e.g.:\n  %s\nSee docs/judge.md for the layout." % (
            _VAR,
            value,
            len(missing),
            "\n  ".join(missing[:10]),
        ))
    rctx.file("BUILD.bazel", "\n".join(lines) + "\n")

    # The note names the variable but never the machine path.
    rctx.file("config.bzl", "JUDGE_DATA_CONFIGURED = True\nJUDGE_DATA_NOTE = %r\n" % (
        "%s is set: real data sets measured from it." % _VAR
    ))

judge_data_repository = repository_rule(
    implementation = _judge_data_repository_impl,
    environ = [_VAR],
    local = True,
    doc = "The real judge data sets from $JUDGE_DATA_DIR (see module docstring).",
)

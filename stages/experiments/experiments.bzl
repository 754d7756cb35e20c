"""Repository rule `experiments`: every data/experiments/<name>.textproto, expanded.

An experiment (stages/experiments/experiment.proto) is data: a task set and its
corpus source, harness configs, S001 depths, S002 doses, bootstrap settings.
This rule reads every experiment file and every harness config it names (each
through protoc, so a syntax or schema error names file:line:col), validates
every value that will reach a label, a path or a command, and the prose the
report shows (title, exclude_tasks reasons, a harness's description: the
task files' rule and a length bound, experiment_values.bzl's
authored_text_error, checked before the full parse so a runaway field costs
nothing), and writes:

data only (dict and list literals, every value through repr(); the only
statements are assignments and loads of other data files):

  repository_envs.bzl  CLONE_ENVS, CACHE_ENVS: every clone and cache variable
                    the experiments name, the repository rules' environ; read
                    by //stages/experiments:repository_rules.bzl, which
                    defines the rules (and loads nothing else that changes)
  repositories_data.bzl  TASK_COMMITS (one task_commits repository per task
                    set, @<set>_task_commits: the task file's commit fields,
                    stages/corpus/history_task_commits.bzl), HISTORIES (one
                    git_history repository per task set, @<set>_history,
                    reading that file, not the task file), VECTOR_CACHES
                    (one per experiment with a vector_cache,
                    @<name>_vector_cache, and one per experiment with a
                    run_cache, @<name>_run_cache, kind "run_cache"); read by
                    //stages/experiments:repositories.bzl, called from WORKSPACE.
  sets.bzl          TASK_SET_DATA: the SET_DATA of every task set (written by
                    its git_history repository).
  experiments.bzl   EXPERIMENT_DATA (the valid experiments), DENSE_MODEL_DATA
                    (one per task set and LSA config that some harness
                    needs), CACHE_DATA (the vector cache data of each
                    experiment that has one), RUN_CACHE_DATA (the same for
                    run caches) and INVALID_DATA (every
                    experiment file with errors: name, or "" when the file
                    name is not one; source; errors).
  <name>.textproto  the experiment file with the defaults of its optional
                    fields (experiment_values.bzl), in protoc's canonical
                    text: the input of the experiment_spec stage, the one
                    semantic validator (stages/grid/grid_spec.h).

An invalid experiment does not fail the fetch (WORKSPACE loads this
repository, so that would stop every command, the libraries' tests
included), nor the other experiments: it is left out of the data (its task
set and depths too, unless a valid experiment names them) and recorded in
INVALID_DATA with its errors, each naming file and field; grid.bzl turns it
into targets of the experiment's names that fail with them
(reports/experiments.bzl). A task set must be declared alike by every
experiment that names it: the first valid one in file order declares it,
a later one that differs is invalid.

Checked-in code turns that data into the structs the macros use, and names
every target: //stages/experiments:grid.bzl (EXPERIMENTS, DENSE_MODELS,
TASK_SETS, SET_BY_NAME; fields documented there) and
//stages/corpus:task_set.bzl (the labels of a task set's artifacts).

Bazel 4.2.3 cannot watch a directory from a repository rule: after adding or
removing an experiment file, run `bazel sync --only=experiments` (a changed
file is seen by itself). //data/experiments checks at loading time that the
files on disk and the experiments read here agree, and says so if not.
"""

load("//stages/corpus:authored_file.bzl", "authored_file_error")
load("//stages/corpus:history_task_commits.bzl", "task_commits_label", "task_commits_repository")
load("//stages/corpus:spec_values.bzl", "all_chars_in", "clone_name", "repo_error", "safe_label_error", "task_id_error")
load("//stages/corpus:task_set.bzl", "history_repository")
load("//stages/corpus/languages:rules.bzl", "DEFAULT_LANGUAGES")
load(
    "//stages/experiments:experiment_values.bzl",
    "DEFAULT_S001_DEPTHS",
    "DEFAULT_S002_DOSES",
    "MAX_DESCRIPTION_BYTES",
    "MAX_REASON_BYTES",
    "MAX_S001_DEPTH",
    "MAX_S002_DOSE",
    "MAX_TITLE_BYTES",
    "authored_text_error",
    "defaults_text",
    "env_name_error",
    "grid_ints",
    "run_cache_env",
    "vector_cache_env",
)
load("//stages/grid:conditions.bzl", "optional_kind_ids")
load("//tools/starlark:text_format.bzl", "canonical_text", "merged_text", "one", "parse_canonical")

_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_HARNESS_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_MAX_NAME = 40
_EXPERIMENT_PROTO = "stages/experiments/experiment.proto"
_EXPERIMENT = "repro.experiments.Experiment"

def _name_error(value):
    if len(value) >= 1 and len(value) <= _MAX_NAME and value[0] in "abcdefghijklmnopqrstuvwxyz" and all_chars_in(value, _NAME_CHARS):
        return None
    return "expected [a-z][a-z0-9_]{0,%d}, found %r" % (_MAX_NAME - 1, value)

def _check(errors, where, field, error):
    if error:
        errors.append("%s, field %s: %s" % (where, field, error))

def _prose_errors(where, raw, fields):
    """Messages for each prose field of `raw` that breaks the task files' rule.

    Args:
      where: the file, for messages.
      raw: the message parsed with raw_strings (text_format.bzl).
      fields: [(field path such as "exclude_tasks.reason", max bytes)]; a
        path through a repeated message checks each entry.

    Returns:
      ["<where>, field <field>: <why>"], in field and entry order.
    """
    errors = []
    for path, max_bytes in fields:
        parent, _, leaf = path.rpartition(".")
        entries = [("", raw)] if not parent else [("%s[%d]." % (parent, i), m) for i, m in enumerate(raw.get(parent, []))]
        for prefix, m in entries:
            value = one(m, leaf, None)
            e = authored_text_error(value, max_bytes) if value != None else None
            if e:
                errors.append("%s, field %s%s: %s" % (where, prefix, leaf, e))
    return errors

def _label_field(rctx, errors, where, field, value, required = True):
    if not value:
        if required:
            errors.append("%s, field %s: expected a label such as \"//data/x:file.textproto\", found none" % (where, field))
        return None
    e = safe_label_error(value) or authored_file_error(rctx, value)
    if e:
        errors.append("%s, field %s: %s" % (where, field, e))
        return None
    return value

def _grid_ints(errors, where, field, values, default, bound):
    """grid_ints (experiment_values.bzl), `default` when none are written."""
    out, errs = grid_ints(where, field, values, bound)
    errors.extend(errs)
    return out or default

def _read_harness(rctx, label, cache, errors):
    """The harness struct of `label` (None if invalid); its errors go to `errors`.

    Read once per label; every experiment that names an invalid config gets
    its errors (an experiment is built only when it has none).
    """
    if label not in cache:
        harness_errors = []
        cache[label] = (_read_harness_file(rctx, label, harness_errors), harness_errors)
    h, harness_errors = cache[label]
    errors.extend(harness_errors)
    return h

def _read_harness_file(rctx, label, errors):
    path = rctx.path(Label(label))
    text = canonical_text(
        rctx,
        "stages/retrieval/retrieval.proto",
        "repro.retrieval.HarnessConfig",
        path,
        label,
        errors,
    )
    if text == None:
        return None
    prose = _prose_errors(label, parse_canonical(text, raw_strings = True), [("description", MAX_DESCRIPTION_BYTES)])
    if prose:
        errors.extend(prose)
        return None
    msg = parse_canonical(text)
    name = one(msg, "name", "")
    stem = Label(label).name
    if stem.endswith(".textproto"):
        stem = stem[:-len(".textproto")]
    if name != stem:
        errors.append("%s: HarnessConfig.name: expected %r (the file's base name), found %r" % (label, stem, name))
    if not (len(name) >= 1 and len(name) <= 40 and all_chars_in(name, _HARNESS_CHARS)):
        errors.append("%s: HarnessConfig.name: expected 1-40 characters of [A-Za-z0-9_-], found %r" % (label, name))
    dense = one(msg, "dense", None)
    lsa_config = None
    server_cache = False
    if dense != None:
        backend = one(dense, "backend", "DENSE_BACKEND_UNSPECIFIED")
        if backend == "DENSE_BACKEND_LSA":
            lsa_config = _label_field(rctx, errors, label, "dense.lsa_model", one(dense, "lsa_model", ""))
        elif backend == "DENSE_BACKEND_SERVER_CACHE":
            server_cache = True
        else:
            errors.append("%s: HarnessConfig.dense.backend: expected DENSE_BACKEND_LSA or " % label +
                          "DENSE_BACKEND_SERVER_CACHE, found %s" % backend)
    h = struct(
        name = name,
        config = label,
        document_unit = one(msg, "document_unit", "DOCUMENT_UNIT_UNSPECIFIED"),
        lsa_config = lsa_config,
        server_cache = server_cache,
        program = _external_program(label, msg, errors),
        first_stage = one(one(msg, "rerank", {}), "first_stage", None),
        pinned_runs = one(msg, "pinned_runs", None) != None,
    )
    return h

def _external_program(label, msg, errors):
    """The executable target an external harness's cells run (None for a built-in harness)."""
    external = one(msg, "external", None)
    if external == None:
        return None
    program = one(external, "program", "")
    e = safe_label_error(program) if program else "expected a label such as \"//data/harnesses/external:bm25_example\", found none"
    if e:
        errors.append("%s: HarnessConfig.external.program: %s" % (label, e))
        return None
    return program

def _language_folders(rctx):
    """The folders of stages/corpus/languages that hold a rules.textproto, sorted."""
    root = rctx.path(Label("//stages/corpus/languages:BUILD")).dirname
    return sorted([p.basename for p in root.readdir() if p.get_child("rules.textproto").exists])

def _read_sets(rctx, errors, where, msg):
    """The experiment's task set structs, in file order (their errors go to `errors`); names unique."""
    refs = msg.get("task_set", [])
    if not refs:
        errors.append("%s, field task_set: expected a task set, found none" % where)
    sets = []
    seen = {}
    for i, ts in enumerate(refs):
        field = "task_set" if len(refs) == 1 else "task_set[%d]" % i
        s = _read_set(rctx, errors, where, field, ts)
        if s.name in seen:
            errors.append("%s, field %s.name: task set %r is listed twice (also task_set[%d])" % (where, field, s.name, seen[s.name]))
        seen[s.name] = i
        sets.append(s)
    return sets

def _source_errors(where, field, src):
    """Messages for a CorpusSource that names not exactly one origin."""
    given = [f for f in ["clone_env", "clones_dir_env", "fixture_history"] if one(src, f, "")]
    if len(given) == 1:
        return []
    return ["%s, field %s.source: expected exactly one of clone_env, clones_dir_env and fixture_history, found %s" % (
        where,
        field,
        " and ".join(given) if given else "none",
    )]

def _read_set(rctx, errors, where, field, ts):
    name = one(ts, "name", "")
    _check(errors, where, field + ".name", _name_error(name))
    tasks = _label_field(rctx, errors, where, field + ".tasks", one(ts, "tasks", ""))
    if tasks and not (tasks.endswith(".textproto") or tasks.endswith(".jsonl")):
        errors.append("%s, field %s.tasks: expected a task file ending in .textproto (repro.corpus.TaskSet) or .jsonl (one repro.corpus.TaskLine a line), found %r" % (where, field, tasks))
    src = one(ts, "source", {})
    errors.extend(_source_errors(where, field, src))
    env = one(src, "clone_env", "") or one(src, "clones_dir_env", "")
    fixture = one(src, "fixture_history", "")
    if env:
        _check(errors, where, field + ".source." + ("clone_env" if one(src, "clone_env", "") else "clones_dir_env"), env_name_error(env))
    if fixture:
        _label_field(rctx, errors, where, field + ".source.fixture_history", fixture)
    repo = one(ts, "repo", "")
    if repo:
        _check(errors, where, field + ".repo", repo_error(repo))
    elif one(src, "clones_dir_env", ""):
        errors.append("%s, field %s.repo: expected <owner>/<name> (source.clones_dir_env names a directory of <owner>__<name>.git clones), found none" % (where, field))
    languages = ts.get("languages", []) or DEFAULT_LANGUAGES
    folders = _language_folders(rctx)
    for lang in languages:
        if not (len(lang) <= 30 and lang[:1].isalpha() and lang.islower() and all_chars_in(lang, "abcdefghijklmnopqrstuvwxyz0123456789_")):
            errors.append("%s, field %s.languages: expected a language folder's name ([a-z][a-z0-9_]{0,29}), found %r" % (where, field, lang))
        elif lang not in folders:
            errors.append("%s, field %s.languages: expected a language folder of stages/corpus/languages (%s), found %r" % (where, field, ", ".join(folders), lang))
    if len({lang: True for lang in languages}) != len(languages):
        errors.append("%s, field %s.languages: expected each language once, found %r" % (where, field, languages))
    return struct(
        name = name,
        tasks = tasks,
        clone_env = env,
        clone_name = clone_name(repo) if one(src, "clones_dir_env", "") and not repo_error(repo) else "",
        clone_hint = one(src, "clone_hint", ""),
        fixture_history = fixture,
        frozen_snapshot_hashes = _label_field(rctx, errors, where, field + ".frozen_snapshot_hashes", one(ts, "frozen_snapshot_hashes", ""), False),
        chunker_explanations = _label_field(rctx, errors, where, field + ".chunker_explanations", one(ts, "chunker_explanations", ""), False),
        languages = languages,
        repo = repo,
        first = where,
    )

_SET_FIELDS = [
    ("tasks", "task_set.tasks"),
    ("clone_env", "task_set.source.clone_env"),
    ("repo", "task_set.repo"),
    ("clone_name", "task_set.source.clones_dir_env (a directory of clones, not one clone)"),
    ("clone_hint", "task_set.source.clone_hint"),
    ("fixture_history", "task_set.source.fixture_history"),
    ("frozen_snapshot_hashes", "task_set.frozen_snapshot_hashes"),
    ("chunker_explanations", "task_set.chunker_explanations"),
    ("languages", "task_set.languages"),
]

def _set_differences(a, b):
    """Messages for each field two declarations of one task set disagree on."""
    return [
        "field %s: %r here, %r in %s" % (field, getattr(b, attr), getattr(a, attr), a.first)
        for attr, field in _SET_FIELDS
        if getattr(a, attr) != getattr(b, attr)
    ]

def _experiment_files(rctx):
    exp_dir = rctx.path(Label("//data/experiments:BUILD")).dirname
    files = []
    for p in exp_dir.readdir():
        base = p.basename
        if not base.endswith(".textproto") or base.endswith(".pins.textproto"):
            continue
        files.append(base)
    return sorted(files)

def _main(label):
    # Labels in a repository rule call made from a generated .bzl: name the
    # main repository explicitly.
    return "@" + label if label and label.startswith("//") else label

def _set_conflicts(where, s, sets):
    """Messages for each field set `s` of file `where` is declared otherwise in `sets`."""
    if s == None or not s.name or s.name not in sets:
        return []
    return [
        "%s: task set %r is declared differently in %s (experiments that name one set must agree on every field): %s" % (
            where,
            s.name,
            sets[s.name].first,
            d,
        )
        for d in _set_differences(sets[s.name], s)
    ]

def _read_harnesses(rctx, errors, where, msg, harness_cache):
    """The experiment's harness structs, in its order; names must be unique (they name targets)."""
    labels = msg.get("harnesses", [])
    if not labels:
        errors.append("%s, field harnesses: expected at least one harness config label, found none" % where)
    harnesses = []
    seen = {}
    for i, hl in enumerate(labels):
        hl = _label_field(rctx, errors, where, "harnesses[%d]" % i, hl)
        h = _read_harness(rctx, hl, harness_cache, errors) if hl != None else None
        if h == None:
            continue
        if h.name in seen:
            errors.append("%s, field harnesses[%d]: harness %r is listed twice (also harnesses[%d])" % (where, i, h.name, seen[h.name]))
        seen[h.name] = i
        harnesses.append(h)
    return harnesses

# The experiment's prose, shown in its report: the task files' rule applies.
_EXPERIMENT_PROSE = [("title", MAX_TITLE_BYTES), ("exclude_tasks.reason", MAX_REASON_BYTES)]

def _read_experiment(rctx, errors, base, sets, harness_cache):
    """The struct of data/experiments/<base>, or None; its errors go to `errors`.

    `sets` holds the task sets of the valid experiments read before this one:
    a set must be declared alike by every experiment that names it.
    """
    where = "data/experiments/" + base
    stem = base[:-len(".textproto")]
    e = _name_error(stem)
    if e:
        errors.append("%s: the file name: %s" % (where, e))
        return None
    text = canonical_text(rctx, _EXPERIMENT_PROTO, _EXPERIMENT, rctx.path(Label("//data/experiments:" + base)), where, errors)
    if text == None:
        return None

    # Before the full parse: a runaway field is refused without unquoting it.
    prose = _prose_errors(where, parse_canonical(text, raw_strings = True), _EXPERIMENT_PROSE)
    if prose:
        errors.extend(prose)
        return None
    msg = parse_canonical(text)
    name = one(msg, "name", "")
    if name != stem:
        errors.append("%s, field name: expected %r (the file's base name), found %r" % (where, stem, name))
    task_sets = _read_sets(rctx, errors, where, msg)
    for s in task_sets:
        errors.extend(_set_conflicts(where, s, sets))
    harnesses = _read_harnesses(rctx, errors, where, msg, harness_cache)
    depths = _grid_ints(errors, where, "s001_depths", msg.get("s001_depths", []), DEFAULT_S001_DEPTHS, MAX_S001_DEPTH)
    doses = _grid_ints(errors, where, "s002_doses", msg.get("s002_doses", []), DEFAULT_S002_DOSES, MAX_S002_DOSE)
    cache_env, cache_errors = vector_cache_env(
        where,
        one(msg, "vector_cache", None),
        [h.name for h in harnesses if h.server_cache],
    )
    errors.extend(cache_errors)
    run_cache_env_name, run_cache_errors = run_cache_env(
        where,
        one(msg, "run_cache", None),
        [h.name for h in harnesses if h.pinned_runs],
    )
    errors.extend(run_cache_errors)
    excluded = _excluded_tasks(errors, where, msg.get("exclude_tasks", []))
    return struct(
        name = name,
        source = where,
        sets = [s.name for s in task_sets],
        exclude_tasks = excluded,
        set_structs = task_sets,
        harnesses = harnesses,
        depths = depths,
        doses = doses,
        conditions = _optional_conditions(errors, where, msg.get("conditions", [])),
        # The value decides whether the cells read the rules (its check:
        # stages/grid/grid_spec.h).
        candidates = one(msg, "candidates", "CANDIDATES_ALL_CORPUS_FILES"),
        # The value decides whether the cells read token costs (its check:
        # stages/grid/packing_config.h).
        packing_cost = one(one(msg, "packing", {}) or {}, "cost", ""),
        cache_env = cache_env,
        run_cache_env = run_cache_env_name,
        resolved = merged_text(rctx, _EXPERIMENT_PROTO, _EXPERIMENT, defaults_text(msg), text),
    )

def _optional_conditions(errors, where, ids):
    """The optional condition kinds the experiment lists (field conditions): each an id of the table, once."""
    known = optional_kind_ids()
    out = []
    for i, cid in enumerate(ids):
        if cid not in known:
            errors.append("%s, field conditions[%d]: expected an optional condition kind of stages/grid/conditions.bzl (%s), found %r" % (where, i, ", ".join(known), cid))
        elif cid in out:
            errors.append("%s, field conditions[%d]: %r is listed twice" % (where, i, cid))
        else:
            out.append(cid)
    return out

def _excluded_tasks(errors, where, entries):
    """The ids of exclude_tasks, each a valid task id with a reason, at most once.

    Whether each is a task of the set is checked by the experiment_tasks
    stage (stages/grid/experiment_tasks.h), which reads the set.
    """
    ids = []
    for i, entry in enumerate(entries):
        task = one(entry, "task", "")
        field = "exclude_tasks[%d]" % i
        bad = task_id_error(where, i, task)
        if bad:
            errors.append("%s, field %s.task: expected a task id ([A-Za-z0-9_.-], 1-64 characters, starting with a letter or digit), found %r" % (where, field, task))
        elif task in ids:
            errors.append("%s, field %s.task: task %s is excluded twice" % (where, field, task))
        elif not one(entry, "reason", "").strip():
            errors.append("%s, field %s.reason: expected why task %s is left out, found none" % (where, field, task))
        else:
            ids.append(task)
    return ids

def _dense_models(experiments):
    """(task set, LSA config) -> struct(set, config, stem): one model per pair, whoever needs it."""
    models = {}
    for e in experiments:
        for h in e.harnesses:
            for set_name in e.sets:
                if h.lsa_config and (set_name, h.lsa_config) not in models:
                    stem = Label(h.lsa_config).name
                    if stem.endswith(".textproto"):
                        stem = stem[:-len(".textproto")]
                    models[(set_name, h.lsa_config)] = struct(set = set_name, config = h.lsa_config, stem = stem)
    return models

def _experiments_impl(rctx):
    rctx.path(rctx.attr._experiment_proto)  # watched: a schema change refetches
    rctx.path(rctx.attr._retrieval_proto)
    sets = {}
    depths_of_set = {}  # set -> {depth: True}, the union over its experiments
    harness_cache = {}
    experiments = []
    invalid = []
    for base in _experiment_files(rctx):
        errors = []
        e = _read_experiment(rctx, errors, base, sets, harness_cache)
        if errors or e == None:
            # Not a fetch failure: the WORKSPACE loads this repository, so a
            # fail() here would stop every command, the libraries' tests
            # included. The experiment is left out of the data; its targets
            # fail with the errors (grid.bzl: INVALID_EXPERIMENTS), and every
            # other experiment builds.
            stem = base[:-len(".textproto")]
            invalid.append({"name": "" if _name_error(stem) else stem, "source": "data/experiments/" + base, "errors": errors})
            continue
        for s in e.set_structs:
            sets.setdefault(s.name, s)
            depths_of_set.setdefault(s.name, {}).update({d: True for d in e.depths})
        experiments.append(e)
    _write_repositories(rctx, sets, depths_of_set, experiments)
    _write_sets(rctx, sets)
    _write_experiments(rctx, experiments, _dense_models(experiments), invalid)
    for e in experiments:
        rctx.file(e.name + ".textproto", _RESOLVED_HEADER % e.source + e.resolved)
    rctx.file("BUILD.bazel", "# Generated by //stages/experiments:experiments.bzl. Do not edit.\n" +
                             "exports_files(glob([\"*.bzl\", \"*.textproto\"]))\n")
    rctx.file("WORKSPACE", 'workspace(name = "experiments")\n')

_RESOLVED_HEADER = """# Generated by //stages/experiments:experiments.bzl. Do not edit.
# %s with the defaults of its optional fields (experiment_values.bzl),
# read by the experiment_spec stage (stages/grid/grid_spec.h).
"""

def _cache_repo(e):
    return e.name + "_vector_cache"

def _run_cache_repo(e):
    return e.name + "_run_cache"

def _data_file(rctx, name, header, assignments):
    """Writes a .bzl of data only: `NAME = <repr(value)>` lines (and loads)."""
    lines = ["# Generated by //stages/experiments:experiments.bzl from data/experiments. Do not edit.", header]
    lines += assignments
    rctx.file(name, "\n".join(lines) + "\n")

def _write_repositories(rctx, sets, depths_of_set, experiments):
    histories = []
    task_commits = []
    for name in sorted(sets.keys()):
        s = sets[name]
        task_commits.append({"name": task_commits_repository(name), "tasks": _main(s.tasks)})

        # Only the set's declaration: an attribute change refetches the
        # history, so nothing an experiment alone decides (its exclusions,
        # harnesses, doses) is passed; S001 depths decide commits.
        h = {
            "name": history_repository(name),
            "set_name": name,
            "tasks": _main(s.tasks),
            "task_commits": task_commits_label(name),
        }
        if s.clone_env:
            h["env_var"] = s.clone_env
            if s.clone_name:
                h["clone_name"] = s.clone_name
            if s.clone_hint:
                h["clone_hint"] = s.clone_hint
        else:
            h["fixture_history"] = _main(s.fixture_history)
        if s.frozen_snapshot_hashes:
            h["frozen_snapshot_hashes"] = s.frozen_snapshot_hashes
        if s.chunker_explanations:
            h["chunker_explanations"] = s.chunker_explanations
        if s.languages != DEFAULT_LANGUAGES:
            h["languages"] = s.languages
        if s.repo:
            h["repo"] = s.repo
        deeper = sorted([d for d in depths_of_set.get(name, {}).keys() if d > 1])
        if deeper:
            h["stale_depths"] = deeper
        histories.append(h)
    caches = [{"name": _cache_repo(e), "experiment": e.name, "env_var": e.cache_env} for e in experiments if e.cache_env]
    run_caches = [
        {"name": _run_cache_repo(e), "experiment": e.name, "env_var": e.run_cache_env, "kind": "run_cache"}
        for e in experiments
        if e.run_cache_env
    ]

    # The variables apart from the repositories: the rules' definitions load
    # only these (repository_rules.bzl), so adding a task set or an
    # experiment changes no rule definition and refetches no other set.
    _data_file(rctx, "repository_envs.bzl", "# Read by //stages/experiments:repository_rules.bzl.", [
        "CLONE_ENVS = %s" % repr(sorted({s.clone_env: True for s in sets.values() if s.clone_env}.keys())),
        "CACHE_ENVS = %s" % repr(sorted({c["env_var"]: True for c in caches + run_caches}.keys())),
    ])
    _data_file(rctx, "repositories_data.bzl", "# Read by //stages/experiments:repositories.bzl (called from WORKSPACE).", [
        "TASK_COMMITS = %s" % repr(task_commits),
        "HISTORIES = %s" % repr(histories),
        "VECTOR_CACHES = %s" % repr(caches + run_caches),
    ])

def _write_sets(rctx, sets):
    names = sorted(sets.keys())
    loads = ['load("@%s//:set.bzl", _set%d = "SET_DATA")' % (history_repository(name), i) for i, name in enumerate(names)]
    _data_file(rctx, "sets.bzl", "# The SET_DATA of every task set, sorted by name (//stages/experiments:grid.bzl).", loads + [
        "TASK_SET_DATA = [%s]" % ", ".join(["_set%d" % i for i in range(len(names))]),
    ])

def _write_experiments(rctx, experiments, models, invalid):
    loads = []
    caches = []
    for e in experiments:
        if e.cache_env:
            loads.append('load("@%s//:cache.bzl", _cache%d = "CACHE")' % (_cache_repo(e), len(caches)))
            caches.append("%r: _cache%d" % (e.name, len(caches)))
    run_caches = []
    for e in experiments:
        if e.run_cache_env:
            loads.append('load("@%s//:cache.bzl", _run_cache%d = "CACHE")' % (_run_cache_repo(e), len(run_caches)))
            run_caches.append("%r: _run_cache%d" % (e.name, len(run_caches)))
    model_data = [{"set": models[k].set, "config": models[k].config, "name": models[k].stem} for k in sorted(models.keys())]
    experiment_data = [
        {
            "name": e.name,
            "source": e.source,
            "sets": e.sets,
            "harnesses": [
                {
                    "name": h.name,
                    "config": h.config,
                    "document_unit": h.document_unit,
                    "lsa_config": h.lsa_config,
                    "server_cache": h.server_cache,
                    "program": h.program,
                    "first_stage": h.first_stage,
                    "pinned_runs": h.pinned_runs,
                }
                for h in e.harnesses
            ],
            "s001_depths": e.depths,
            "s002_doses": e.doses,
            "conditions": e.conditions,
            "exclude_tasks": e.exclude_tasks,
            "candidates": e.candidates,
            "packing_cost": e.packing_cost,
        }
        for e in experiments
    ]
    _data_file(rctx, "experiments.bzl", "# The experiments as data (//stages/experiments:grid.bzl builds their structs).", loads + [
        "INVALID_DATA = %s" % repr(invalid),
        "CACHE_DATA = {%s}" % ", ".join(caches),
        "RUN_CACHE_DATA = {%s}" % ", ".join(run_caches),
        "DENSE_MODEL_DATA = %s" % repr(model_data),
        "EXPERIMENT_DATA = %s" % repr(experiment_data),
    ])

experiments = repository_rule(
    implementation = _experiments_impl,
    doc = "Expands data/experiments/*.textproto (see the module docstring).",
    attrs = {
        "_experiment_proto": attr.label(default = "//stages/experiments:experiment.proto", allow_single_file = True),
        "_retrieval_proto": attr.label(default = "//stages/retrieval:retrieval.proto", allow_single_file = True),
    },
)

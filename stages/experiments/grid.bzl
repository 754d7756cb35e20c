"""The experiments as structs, built from the data @experiments writes.

The experiments repository rule (experiments.bzl) writes data only; this
file, checked in, builds from it the structs that the macros defining the
targets take their names from (stages/corpus/defs.bzl, stages/retrieval/defs.bzl,
stages/grid/defs.bzl, reports/experiments.bzl). Every label of an experiment's
artifacts is named here or in //stages/corpus:task_set.bzl, nowhere else.

TASK_SETS       the task set struct of every set, sorted by name (task_set.bzl)
SET_BY_NAME     name -> task set struct
DENSE_MODELS    one struct per (task set, LSA config) that some harness needs,
                trained once for all experiments: name (the config's stem),
                task_set, config, target (//stages/grid/models:<set>/<name>),
                artifact, summary, embeddings: commit id -> the chunk_embeddings
                stage of that commit of the set under this model
                (//stages/grid/models:<set>/<name>/commit_<c>_embeddings),
                for every commit of the set.
EXPERIMENTS     one struct per experiment:
  name                  experiment name (== file base name)
  source                "data/experiments/<name>.textproto"
  spec_file             the resolved experiment file (@experiments, defaults
                        applied), input of the experiment_spec stage
  sets                  the task set structs, in file order (usually one;
                        several: a many-repository experiment)
  set_of                task id -> the struct of the set it is a task of
  tasks                 the sets' tasks the experiment runs (all but its
                        exclude_tasks), set after set, each in its set's order
  harnesses             [struct(name, config, document_unit, dense_models,
                        server_cache, program, first_stage,
                        pinned_runs)] in report order;
                        dense_models: set name -> its DENSE_MODELS entry,
                        empty without an LSA leg;
                        server_cache is True for a DENSE_BACKEND_SERVER_CACHE
                        leg (it reads vector_cache); program is the label of an
                        external harness's executable (HarnessConfig.external),
                        None for a built-in harness; first_stage is a
                        reranker's first stage's name (HarnessConfig.rerank),
                        None otherwise; pinned_runs is True for a harness
                        whose runs come from the run cache
                        (HarnessConfig.pinned_runs, docs/run_cache.md)
  s001_depths, s002_doses  the cells' depths and doses (defaults applied);
  conditions            the optional condition kinds the experiment lists
                        (ids of stages/grid/conditions.bzl: S003, S004);
                        every other value is read by the stages from the
                        spec (stages/grid/grid_spec.h)
  candidates            Experiment.candidates as written
                        ("CANDIDATES_ALL_CORPUS_FILES" when absent): with
                        "CANDIDATES_GOLD_CANDIDATES_ONLY" the cells read the
                        set's rules to cut their candidate pool
  packing_tokens        True when Experiment.packing counts tokens: every
                        cell then reads its snapshot's token costs
                        (//stages/grid/token_costs), and a cell whose corpus
                        holds texts the snapshot lacks (distractors, a
                        transformed snapshot) the pinned cost program too
  vector_cache          None, or struct(configured, not_configured_message,
                        file, env_var) of @<name>_vector_cache (vector_cache.bzl)
  run_cache             the same for the run cache, @<name>_run_cache
  configured            the set's history and the vector and run caches
                        (if any) are all configured; when False every target of the
                        experiment is tagged manual
  not_configured_message  why, when configured is False
  grid                  struct(package, prefix, spec, tasks, aggregate, html, trec, timings, pins,
                        harness_baseline, search_index, search_data): labels
                        of the experiment's stages (//stages/grid/by_experiment)
  pins, pins_file       filegroup of the committed pin file (empty until the
                        first refreeze) and its workspace-relative path
  tokens, tokens_file   the same for the frozen tokens
  pins_refreeze         the command that rewrites the pin file
EXPERIMENT_NAMES  [name] in file order
INVALID_EXPERIMENTS  one struct per experiment file that cannot be built:
  name                  the experiment's name ("" when the file name is not one)
  source                "data/experiments/<file>"
  message               every error, each naming file and field: the
                        experiment's own (experiments.bzl: INVALID_DATA), or
                        those of its task set's history repository
INVALID_SETS    one struct per task set whose history repository has errors:
                name, spec (the task file), message

An error in one experiment or task set never stops loading: the invalid one
is left out of EXPERIMENTS and TASK_SETS (so no stage target of it exists)
and the targets of its names fail with the message
(reports/experiments.bzl); everything else builds.
"""

load("@experiments//:experiments.bzl", "CACHE_DATA", "DENSE_MODEL_DATA", "EXPERIMENT_DATA", "INVALID_DATA", "RUN_CACHE_DATA")
load("@experiments//:sets.bzl", "TASK_SET_DATA")
load("//stages/corpus:task_set.bzl", "task_set")

_MODEL_PACKAGE = "//stages/grid/models"
_GRID_PACKAGE = "//stages/grid/by_experiment"
_GRID_STAGES = ["spec", "tasks", "condition_table", "conditions", "aggregate", "html", "trec", "timings", "pins", "harness_baseline", "search_index", "search_data"]

def _listing(errors):
    return "%d error(s):\n  %s" % (len(errors), "\n  ".join(errors))

INVALID_SETS = [
    struct(
        name = d["name"],
        spec = d["spec"],
        message = "task set %s (%s): %s" % (d["name"], d["spec"], _listing(d["errors"])),
    )
    for d in TASK_SET_DATA
    if d["errors"]
]

_INVALID_SET_BY_NAME = {s.name: s for s in INVALID_SETS}

TASK_SETS = [task_set(d) for d in TASK_SET_DATA if not d["errors"]]

SET_BY_NAME = {s.name: s for s in TASK_SETS}

def _dense_model(m):
    s = SET_BY_NAME[m["set"]]
    target = "%s:%s/%s" % (_MODEL_PACKAGE, s.name, m["name"])
    return struct(
        name = m["name"],
        task_set = s,
        config = m["config"],
        target = target,
        artifact = m["name"] + ".pb",
        summary = m["name"] + ".summary.json",
        embeddings = {c.id: "%s/commit_%s_embeddings" % (target, c.id) for c in s.commits},
    )

DENSE_MODELS = [_dense_model(m) for m in DENSE_MODEL_DATA if m["set"] in SET_BY_NAME]

_MODEL_BY_KEY = {(m.task_set.name, m.config): m for m in DENSE_MODELS}

def _harness(set_names, h):
    return struct(
        name = h["name"],
        config = h["config"],
        document_unit = h["document_unit"],
        dense_models = {n: _MODEL_BY_KEY[(n, h["lsa_config"])] for n in set_names} if h["lsa_config"] else {},
        server_cache = h["server_cache"],
        program = h.get("program"),
        first_stage = h.get("first_stage"),
        pinned_runs = h.get("pinned_runs", False),
    )

def _grid(name):
    prefix = name + "/"
    fields = {stage: "%s:%s%s" % (_GRID_PACKAGE, prefix, stage) for stage in _GRID_STAGES}
    return struct(package = _GRID_PACKAGE, prefix = prefix, **fields)

def _configured_message(sets, caches):
    """(whether every set and cache is configured, the message of the first that is not)."""
    for s in sets:
        if not s.configured:
            return False, s.not_configured_message
    for cache in caches:
        if cache != None and not cache.configured:
            return False, cache.not_configured_message
    return True, sets[0].not_configured_message

def _experiment(e):
    name = e["name"]
    sets = [SET_BY_NAME[n] for n in e["sets"]]
    cache = CACHE_DATA.get(name)
    cache = struct(**cache) if cache else None
    run_cache = RUN_CACHE_DATA.get(name)
    run_cache = struct(**run_cache) if run_cache else None
    configured, message = _configured_message(sets, [cache, run_cache])
    return struct(
        name = name,
        source = e["source"],
        spec_file = "@experiments//:%s.textproto" % name,
        sets = sets,
        set_of = {t.id: s for s in sets for t in s.tasks},
        # The sets' tasks this experiment runs: all but exclude_tasks.
        tasks = [t for s in sets for t in s.tasks if t.id not in e["exclude_tasks"]],
        harnesses = [_harness(e["sets"], h) for h in e["harnesses"]],
        s001_depths = e["s001_depths"],
        s002_doses = e["s002_doses"],
        conditions = e["conditions"],
        candidates = e["candidates"],
        packing_tokens = e["packing_cost"] == "PACKING_COST_TOKENS",
        vector_cache = cache,
        run_cache = run_cache,
        configured = configured,
        not_configured_message = message,
        grid = _grid(name),
        pins = "//data/experiments:%s_pins" % name,
        pins_file = "data/experiments/%s.pins.textproto" % name,
        tokens = "//data/experiments:%s_tokens" % name,
        tokens_file = "data/experiments/%s.tokens.txt" % name,
        pins_refreeze = "bazel run //reports:%s_pins_refreeze" % name,
    )

def _shared_task_ids(e):
    """A message for each task id that two of experiment data e's sets share (ids name targets)."""
    first = {}
    errors = []
    for n in e["sets"]:
        for t in SET_BY_NAME[n].tasks:
            if t.id in first:
                errors.append("task set %s (%s), task %s: field id: expected an id unique across the experiment's task sets, found the id of a task of set %s" % (
                    n,
                    SET_BY_NAME[n].spec,
                    t.id,
                    first[t.id],
                ))
            else:
                first[t.id] = n
    return errors

def _invalid_sets_of(e):
    """The messages that keep experiment data e from being built: its sets' errors, shared task ids."""
    invalid = [_INVALID_SET_BY_NAME[n].message for n in e["sets"] if n in _INVALID_SET_BY_NAME]
    return invalid or _shared_task_ids(e)

EXPERIMENTS = [_experiment(e) for e in EXPERIMENT_DATA if not _invalid_sets_of(e)]

INVALID_EXPERIMENTS = [
    struct(name = d["name"], source = d["source"], message = "%s: %s" % (d["source"], _listing(d["errors"])))
    for d in INVALID_DATA
] + [
    struct(name = e["name"], source = e["source"], message = "%s: %s" % (e["source"], "\n".join(_invalid_sets_of(e))))
    for e in EXPERIMENT_DATA
    if _invalid_sets_of(e)
]

EXPERIMENT_NAMES = [e.name for e in EXPERIMENTS]

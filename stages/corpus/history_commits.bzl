"""The commits a task set derives, for the git_history rule (history.bzl).

derive_commits resolves through git (extract_history.sh, first parents)
every task's base_commit, stale_commit and the S001 stale commits, with a
placeholder for each that cannot be had and the checks of history_checks.bzl;
newest_base is the derived LSA training commit; wanted_objects lists the snapshots,
commits and diffs the set reads.
"""

load("//stages/corpus:history_checks.bzl", "commit_type_errors", "root_fix_errors")
load("//stages/corpus:history_extract.bzl", "extract_timeout")
load("//stages/corpus:history_spec.bzl", "label_path", "task_file")

def wanted_objects(tasks, lsa, placeholders):
    """(snapshots: commit -> [why], commits: {id: True}, diffs: {"base\tfix": True}).

    Args:
      tasks: the tasks with their derived commits (derive_commits).
      lsa: the LSA training commit.
      placeholders: placeholder commit -> reason.

    Returns:
      (snapshots, commits, diffs) as above; the diff of a task given as a
      patch is "base\tfix_tree".
    """
    snapshots = {}  # commit -> ["T01.base_commit", ...]
    commits = {}
    diffs = {}
    for t in tasks:
        for f in ["fix_commit", "base_commit", "stale_commit"]:
            if t[f] and t[f] not in placeholders:
                commits[t[f]] = True
        for f in ["base_commit", "stale_commit"]:
            snapshots.setdefault(t[f], []).append("%s.%s" % (t["id"], f))
        diffs["%s\t%s" % (t["base_commit"], t["fix_commit"] or t["fix_tree"])] = True
    snapshots.setdefault(lsa, []).append("lsa_training_commit")
    if lsa not in placeholders:
        commits[lsa] = True
    return snapshots, commits, diffs

def _ancestry(rctx, git_dir, requests, errors):
    """Runs extract_history.sh on `requests`; returns its tables as lists of rows.

    A dict: "ancestors", "times", "types", "is_ancestor", "patches"
    (extract_history.sh names each file; a failed patch row ends with git
    apply's messages). A failure goes to `errors` (and every list is empty).
    """
    names = ["ancestors", "times", "types", "is_ancestor", "patches"]
    rctx.file("ancestry_requests.tsv", "\n".join(requests) + "\n")
    rctx.report_progress("task set %s: resolving %d ancestor and time request(s)" % (rctx.attr.set_name, len(requests)))
    res = rctx.execute(["bash", str(rctx.path(rctx.attr._extract)), git_dir, "ancestry_requests.tsv", "ancestry"], timeout = extract_timeout(600, 1, requests))
    tables = {name: [] for name in names}
    if res.return_code != 0:
        errors.append("resolving the commits of task set %s failed: %s" % (
            rctx.attr.set_name,
            res.stderr.strip() or "exit status %d (a timeout after %d s?)" % (res.return_code, extract_timeout(600, 1, requests)),
        ))
    else:
        for name in names:
            tables[name] = [line.split("\t") for line in rctx.read("ancestry/%s.tsv" % name).splitlines()]

        # A patch git apply refused: its messages, after the row.
        for row in tables["patches"]:
            if row[3] == "failed":
                row.append(rctx.read("ancestry/%s.error" % row[0]).strip())
    rctx.delete("ancestry")
    rctx.delete("ancestry_requests.tsv")
    return tables

def _requests(authored, authored_lsa, steps, depths):
    """The extract_history.sh requests of derive_commits, each distinct one once.

    Every fix: its first-parent ancestors at `steps`, its time and its
    object type. Every explicit base_commit: its first-parent ancestors at 1
    and each depth, whether it is an ancestor of its fix, and its object
    type. An authored LSA training commit: its object type.
    """
    requests = {}
    if authored_lsa:
        requests["type\t%s" % authored_lsa] = True
    for t in authored:
        fix, base = t["fix_commit"], t["base_commit"]
        if t["patch"]:
            for d in [1] + depths:
                requests["ancestor\t%s\t%d" % (base, d)] = True
            requests["time\t%s" % base] = True
            requests["type\t%s" % base] = True
            requests["patch\t%s\t%s" % (base, t["patch_file"])] = True
            continue
        for k in steps:
            requests["ancestor\t%s\t%d" % (fix, k)] = True
        requests["time\t%s" % fix] = True
        requests["type\t%s" % fix] = True
        if base:
            for d in [1] + depths:
                requests["ancestor\t%s\t%d" % (base, d)] = True
            requests["is_ancestor\t%s\t%s" % (base, fix)] = True
            requests["type\t%s" % base] = True
    return requests.keys()

def derive_commits(rctx, git_dir, authored, authored_lsa, depths, configured, errors):
    """([task dict with base_commit, stale_commit, stale_at, fix_tree, patch_sha256, where], placeholders, times).

    base_commit = the authored one (explicit: a fix that spans commits; it
    must be an ancestor of the fix, by any path) or fix~1; stale_commit =
    base~1 and, for every S001 depth d > 1, stale_at[d] = base~d, all
    first-parent (the validate_tasks stage checks that a fix without an
    explicit base has one parent). A placeholder stands for a commit that
    cannot be had: "unresolved_..." when the clone is not configured (its
    targets fail with the how-to message), "missing_..." when the fix is
    absent or the history too short or shallow (the stages name the task
    and the field; placeholders maps each to the reason, "" when the fix
    itself is absent). times: fix commit -> committer time (seconds). A task
    given as a patch: fix_commit "", its fix_tree the tree git write-tree
    gives for the patch applied to its base (_fix_tree), patch_sha256 the
    sha256 of the patch's bytes; times also holds its base's time.

    Args:
      rctx: the repository context.
      git_dir: the git directory to read ("" when not configured).
      authored: the authored tasks (read_spec).
      authored_lsa: the authored lsa_training_commit ("" when not written).
      depths: the S001 depths d > 1, sorted.
      configured: whether a clone or fixture is read.
      errors: the list that errors are appended to.

    Returns:
      (tasks, placeholders, times) as above.
    """
    steps = [1, 2] + [d + 1 for d in depths]
    for i, t in enumerate(authored):
        if t["patch"]:
            t["patch_file"] = patch_file(i)

            # The bytes as the task file holds them (no second UTF-8 encoding).
            rctx.file(t["patch_file"], t["patch"], legacy_utf8 = False)
    found = {}
    available = {}  # commit -> first-parent commits before it, when too few
    times = {}
    is_ancestor = {}
    applied = {}  # patch file -> [file, base, sha256, tree | failed | missing, messages]
    if configured:
        tables = _ancestry(rctx, git_dir, _requests(authored, authored_lsa, steps, depths), errors)
        wheres = [_task_where(rctx, t, i) for i, t in enumerate(authored)]
        errors.extend(commit_type_errors(authored, wheres, tables["types"], label_path(task_file(rctx)), authored_lsa))
        errors.extend(root_fix_errors(authored, wheres, tables["ancestors"]))
        for parts in tables["ancestors"]:
            found[(parts[0], int(parts[1]))] = parts[2]
            if len(parts) > 3:
                available[parts[0]] = int(parts[3])
        times = {parts[0]: int(parts[1]) for parts in tables["times"] if parts[1] != "missing"}
        is_ancestor = {(parts[0], parts[1]): parts[2] for parts in tables["is_ancestor"]}
        applied = {parts[0]: parts for parts in tables["patches"]}
    tasks = []
    placeholders = {}
    for i, t in enumerate(authored):
        fix, base = t["fix_commit"], t["base_commit"]

        # at[k]: the commit k first-parent steps before the fix (fix~k), or,
        # with an explicit base, base~(k - 1).
        at = {}
        for k in steps:
            start, back = (base, k - 1) if base else (fix, k)
            anc = start if back == 0 else found.get((start, back), "")
            if not anc or anc == "missing":
                anc = "%s_%s_k%d" % ("missing" if configured else "unresolved", start[:12], back)
                placeholders[anc] = _too_short(start, back, available, "base_commit" if base else "fix_commit")
            at[k] = anc
        if base and fix and configured and is_ancestor.get((base, fix)) == "no":
            errors.append(_not_an_ancestor(rctx, t, i))
        tree, sha = _fix_tree(rctx, t, i, applied, configured, errors) if t["patch"] else ("", "")
        tasks.append({
            "id": t["id"],
            "fix_commit": fix,
            "fix_tree": tree,
            "patch_sha256": sha,
            "base_commit": at[1],
            "stale_commit": at[2],
            "stale_at": {d: at[d + 1] for d in depths},
            # Where the task is written, for messages: a JSON Lines task's
            # <file>:<line>, a text proto task's position.
            "where": _task_where(rctx, t, i),
        })
    return tasks, placeholders, times

def patch_file(i):
    """The file the patch of the i-th task is written to for extract_history.sh.

    Args:
      i: the task's 0-based position in the task file.

    Returns:
      "patch_requests/<i>.diff", relative to the repository's directory.
    """
    return "patch_requests/%d.diff" % i

def _fix_tree(rctx, t, i, applied, configured, errors):
    """(fix tree, sha256 of the patch) of task t, given as a patch; a placeholder tree when none.

    "unresolved_patch_<id>" when the clone is not configured, "missing_patch_<id>"
    when its base is absent (the stages name the base); a patch git apply
    refuses goes to `errors`, naming the task, the field and git's first
    failing hunk.
    """
    if not configured:
        return "unresolved_patch_" + t["id"], ""
    row = applied.get(t["patch_file"], ["", "", "", "missing"])
    if row[3] == "failed":
        errors.append(("%s: task %s, field patch: expected a patch that applies to base_commit %s " +
                       "(git apply --cached on its tree), found one that does not:\n%s") % (
            _task_where(rctx, t, i),
            t["id"],
            t["base_commit"],
            row[4],
        ))
    if row[3] in ["failed", "missing"]:
        return "missing_patch_" + t["id"], row[2]
    return row[3], row[2]

def _not_an_ancestor(rctx, t, i):
    """The error of an explicit base_commit that is not an ancestor of the fix."""
    return ("%s: task %s, field base_commit: expected an ancestor of fix_commit %s (a fix that spans " +
            "several commits is `git diff base_commit fix_commit`), found %s, which is not " +
            "(git merge-base --is-ancestor %s %s fails%s)") % (
        _task_where(rctx, t, i),
        t["id"],
        t["fix_commit"],
        t["base_commit"],
        t["base_commit"],
        t["fix_commit"],
        "; they are the same commit" if t["base_commit"] == t["fix_commit"] else "",
    )

def _task_where(rctx, t, i):
    """Where task t (the i-th) is written: a JSON Lines task's <file>:<line>, else its position."""
    return t.get("where") or "%s (tasks[%d])" % (label_path(task_file(rctx)), i)

def newest_base(tasks, times, placeholders, configured):
    """The derived LSA training commit: the base of the newest fix.

    Newest by committer time (a task given as a patch: its base's); on a
    tie, the last such task in file order. A
    placeholder when no fix is in the clone (or the clone is not configured).

    Args:
      tasks: the tasks with their derived commits.
      times: fix commit -> committer time.
      placeholders: placeholder commit -> reason; the placeholder, if any, is
        added here.
      configured: whether a clone or fixture is read.

    Returns:
      the commit id or a placeholder.
    """
    best = None
    for t in tasks:
        # A task given as a patch has no fix commit: its base's time.
        when = times.get(t["fix_commit"] or t["base_commit"])
        if when != None and (best == None or when >= best[0]):
            best = (when, t["base_commit"])
    if best != None:
        return best[1]
    c = "%s_lsa_training" % ("missing" if configured else "unresolved")
    placeholders[c] = "no fix commit of the task set is in the clone" if configured else ""
    return c

def _too_short(start, k, available, field):
    """Why start~k cannot be had, when the history is known to be too short ("" otherwise).

    start is the task's `field` (fix_commit, or an explicit base_commit).
    """
    if start not in available:
        return ""
    needs = ("base_commit = fix~1, stale_commit = fix~2, S001 depth d = fix~(d+1)" if field == "fix_commit" else "stale_commit = base_commit~1, S001 depth d = base_commit~d")
    return ("the history is too short: %s %s has %d first-parent commit(s) before it in " +
            "the clone (its root, or a shallow clone), and %s~%d is needed (%s); lower the S001 " +
            "depth in the experiment's s001_depths (at most %d here) or deepen the clone (git fetch --unshallow)") % (
        field,
        start,
        available[start],
        field.partition("_")[0],
        k,
        needs,
        max(available[start] - (1 if field == "fix_commit" else 0), 0),
    )

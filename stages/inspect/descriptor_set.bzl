"""descriptor_set(): one FileDescriptorSet of proto_library targets and their imports.

The output, <name>.desc, is the concatenation of the transitive descriptor
sets Bazel's proto_library already writes (ProtoInfo): concatenated
serialized FileDescriptorSets are one FileDescriptorSet (a repeated field),
in which a file imported by two libraries appears once per library, each
copy identical. Read at run time by stages/inspect/explain/authored_schemas.h.
"""

def _descriptor_set_impl(ctx):
    # ProtoInfo is Bazel 4.2.3's own (the system protobuf repository has no
    # bazel/common/proto_info.bzl).
    sets = depset(transitive = [d[ProtoInfo].transitive_descriptor_sets for d in ctx.attr.deps])  # buildifier: disable=native-proto-info
    files = sets.to_list()
    out = ctx.actions.declare_file(ctx.label.name + ".desc")
    ctx.actions.run_shell(
        inputs = files,
        outputs = [out],
        command = "cat \"$@\" > '%s'" % out.path,
        arguments = [f.path for f in files],
        mnemonic = "DescriptorSet",
        progress_message = "Concatenating the descriptor sets of %s" % ctx.label,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

descriptor_set = rule(
    implementation = _descriptor_set_impl,
    attrs = {
        "deps": attr.label_list(providers = [ProtoInfo], doc = "proto_library targets"),  # buildifier: disable=native-proto-info
    },
    doc = "One FileDescriptorSet (<name>.desc) of `deps` and everything they import.",
)

// The bb_runner of worker $BB_WORKER (tools/buildbarn.sh): runs each action's
// command directly on this machine, in the worker's native build directory,
// with the action's own environment (Bazel's --incompatible_strict_action_env
// PATH), so the system compiler and -dev libraries serve remote actions.
local wdir = std.extVar('BB_DIR') + '/worker-' + std.extVar('BB_WORKER');

{
  buildDirectoryPath: wdir + '/build',
  grpcServers: [{
    listenAddresses: ['127.0.0.1:' + std.extVar('BB_RUNNER_PORT')],
    authenticationPolicy: { allow: {} },
  }],
}

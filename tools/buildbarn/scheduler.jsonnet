// bb_scheduler of the local cluster (tools/buildbarn.sh): one platform queue,
// keyed on the action's platform properties; workers with the same properties
// (worker.jsonnet) take its actions. Loopback only.
local allow = { allow: {} };

{
  clientGrpcServers: [{
    listenAddresses: ['127.0.0.1:' + std.extVar('BB_SCHEDULER_CLIENT_PORT')],
    authenticationPolicy: allow,
  }],
  workerGrpcServers: [{
    listenAddresses: ['127.0.0.1:' + std.extVar('BB_SCHEDULER_WORKER_PORT')],
    authenticationPolicy: allow,
  }],
  adminHttpServers: [{
    listenAddresses: ['127.0.0.1:' + std.extVar('BB_SCHEDULER_ADMIN_PORT')],
    authenticationPolicy: allow,
  }],
  contentAddressableStorage: { grpc: { client: { address: '127.0.0.1:' + std.extVar('BB_STORAGE_PORT') } } },
  maximumMessageSizeBytes: 16 * 1024 * 1024,
  executeAuthorizer: allow,
  modifyDrainsAuthorizer: allow,
  killOperationsAuthorizer: allow,
  synchronizeAuthorizer: allow,
  actionRouter: {
    simple: {
      platformKeyExtractor: { action: {} },
      invocationKeyExtractors: [{ correlatedInvocationsId: {} }, { toolInvocationId: {} }],
      initialSizeClassAnalyzer: {
        defaultExecutionTimeout: '1800s',
        maximumExecutionTimeout: '7200s',
      },
    },
  },
  // A queue whose workers are all gone fails its actions after this long.
  platformQueueWithNoWorkersTimeout: '60s',
}

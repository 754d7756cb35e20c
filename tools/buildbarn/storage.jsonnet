// bb_storage of the local cluster (tools/buildbarn.sh): the CAS and the action
// cache on local disk under $BB_DIR/storage, and the frontend that Bazel talks
// to (--config=remote-exec): Execute calls go to bb_scheduler. Loopback only.
local dir = std.extVar('BB_DIR');
local allow = { allow: {} };
local localStore(name, sizeBytes, keys) = {
  'local': {
    keyLocationMapOnBlockDevice: {
      file: { path: dir + '/storage/' + name + '/key_location_map', sizeBytes: keys },
    },
    keyLocationMapMaximumGetAttempts: 16,
    keyLocationMapMaximumPutAttempts: 64,
    oldBlocks: 8,
    currentBlocks: 24,
    newBlocks: 3,
    blocksOnBlockDevice: {
      source: { file: { path: dir + '/storage/' + name + '/blocks', sizeBytes: sizeBytes } },
      spareBlocks: 3,
    },
  },
};

{
  grpcServers: [{
    listenAddresses: ['127.0.0.1:' + std.extVar('BB_STORAGE_PORT')],
    authenticationPolicy: allow,
  }],
  schedulers: {
    '': { endpoint: { address: '127.0.0.1:' + std.extVar('BB_SCHEDULER_CLIENT_PORT') } },
  },
  maximumMessageSizeBytes: 16 * 1024 * 1024,
  contentAddressableStorage: {
    backend: localStore('cas', 8 * 1024 * 1024 * 1024, 64 * 1024 * 1024),
    getAuthorizer: allow,
    putAuthorizer: allow,
    findMissingAuthorizer: allow,
  },
  actionCache: {
    // An action result is served only while all its outputs are in the CAS.
    backend: {
      completenessChecking: {
        backend: localStore('ac', 64 * 1024 * 1024, 4 * 1024 * 1024),
        maximumTotalTreeSizeBytes: 64 * 1024 * 1024,
      },
    },
    getAuthorizer: allow,
    putAuthorizer: allow,
  },
  executeAuthorizer: allow,
}

// One bb_worker of the local cluster (tools/buildbarn.sh), worker $BB_WORKER:
// a native build directory (hard links from a local file cache, no FUSE)
// under $BB_DIR/worker-$BB_WORKER, and one bb_runner (runner.jsonnet) on a
// loopback port. Its platform properties must equal those of Bazel's
// --config=remote-exec (.bazelrc: OSFamily=linux, and the cache-salt of
// .bazelrc.salt, which tools/buildbarn.sh passes as BB_CACHE_SALT).
local dir = std.extVar('BB_DIR');
local n = std.extVar('BB_WORKER');
local wdir = dir + '/worker-' + n;
local salt = std.extVar('BB_CACHE_SALT');
local storage = { grpc: { client: { address: '127.0.0.1:' + std.extVar('BB_STORAGE_PORT') } } };
local properties = [{ name: 'OSFamily', value: 'linux' }] +
                   (if salt == '' then [] else [{ name: 'cache-salt', value: salt }]);

{
  blobstore: {
    contentAddressableStorage: storage,
    actionCache: storage,
  },
  maximumMessageSizeBytes: 16 * 1024 * 1024,
  scheduler: { address: '127.0.0.1:' + std.extVar('BB_SCHEDULER_WORKER_PORT') },
  buildDirectories: [{
    native: {
      buildDirectoryPath: wdir + '/build',
      cacheDirectoryPath: wdir + '/cache',
      maximumCacheFileCount: 100000,
      maximumCacheSizeBytes: 4 * 1024 * 1024 * 1024,
      cacheReplacementPolicy: 'LEAST_RECENTLY_USED',
    },
    runners: [{
      endpoint: { address: '127.0.0.1:' + std.extVar('BB_RUNNER_PORT') },
      concurrency: std.parseInt(std.extVar('BB_CONCURRENCY')),
      maximumFilePoolFileCount: 100000,
      maximumFilePoolSizeBytes: 4 * 1024 * 1024 * 1024,
      platform: { properties: std.sort(properties, function(p) p.name) },
      workerId: { host: 'localhost', worker: n },
    }],
  }],
  filePool: {
    blockDevice: { file: { path: wdir + '/filepool', sizeBytes: 4 * 1024 * 1024 * 1024 } },
  },
  inputDownloadConcurrency: 10,
  outputUploadConcurrency: 10,
  directoryCache: {
    maximumCount: 10000,
    maximumSizeBytes: 64 * 1024 * 1024,
    cacheReplacementPolicy: 'LEAST_RECENTLY_USED',
  },
}

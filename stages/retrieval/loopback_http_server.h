// A minimal HTTP/1.1 server on 127.0.0.1 for tests of HTTP clients.
//
// Binds the loopback address only, on a free port chosen by the kernel
// (port 0), and serves one request per connection (Connection: close) on a
// background thread until destroyed. Every socket read has a 2 s timeout and
// the accept loop polls every 50 ms, so a test never hangs on it. Requests
// must carry Content-Length when they have a body (as libcurl's do).
#ifndef REPRO_STAGES_RETRIEVAL_LOOPBACK_HTTP_SERVER_H_
#define REPRO_STAGES_RETRIEVAL_LOOPBACK_HTTP_SERVER_H_

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"

namespace repro::retrieval::testing {

class LoopbackHttpServer {
 public:
  struct Request {
    std::string method;
    std::string path;
    std::string body;
  };
  struct Response {
    int status = 200;
    std::string body;
  };
  using Handler = std::function<Response(const Request&)>;

  static absl::StatusOr<std::unique_ptr<LoopbackHttpServer>> Start(Handler handler);
  ~LoopbackHttpServer();

  int port() const { return port_; }
  std::string base_url() const;
  int requests_served() const { return served_.load(); }

 private:
  LoopbackHttpServer(int fd, int port, Handler handler);
  void Serve();
  void HandleConnection(int conn);

  int fd_;
  int port_;
  Handler handler_;
  std::atomic<bool> stop_{false};
  std::atomic<int> served_{0};
  std::thread thread_;
};

}  // namespace repro::retrieval::testing

#endif  // REPRO_STAGES_RETRIEVAL_LOOPBACK_HTTP_SERVER_H_

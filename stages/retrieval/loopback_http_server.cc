#include "stages/retrieval/loopback_http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace repro::retrieval::testing {

absl::StatusOr<std::unique_ptr<LoopbackHttpServer>> LoopbackHttpServer::Start(Handler handler) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return absl::InternalError(absl::StrCat("socket: ", std::strerror(errno)));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 || listen(fd, 16) != 0) {
    const std::string err = std::strerror(errno);
    close(fd);
    return absl::InternalError(absl::StrCat("bind/listen 127.0.0.1: ", err));
  }
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  return std::unique_ptr<LoopbackHttpServer>(
      new LoopbackHttpServer(fd, ntohs(addr.sin_port), std::move(handler)));
}

LoopbackHttpServer::LoopbackHttpServer(int fd, int port, Handler handler)
    : fd_(fd), port_(port), handler_(std::move(handler)) {
  thread_ = std::thread([this] { Serve(); });
}

LoopbackHttpServer::~LoopbackHttpServer() {
  stop_ = true;
  thread_.join();
  close(fd_);
}

std::string LoopbackHttpServer::base_url() const {
  return absl::StrCat("http://127.0.0.1:", port_);
}

void LoopbackHttpServer::Serve() {
  while (!stop_) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, 50) <= 0) continue;
    const int conn = accept(fd_, nullptr, nullptr);
    if (conn < 0) continue;
    timeval tv{2, 0};
    setsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    setsockopt(conn, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
    HandleConnection(conn);
    close(conn);
  }
}

void LoopbackHttpServer::HandleConnection(int conn) {
  std::string data;
  char buf[65536];
  size_t header_end = std::string::npos;
  while (header_end == std::string::npos) {
    const ssize_t n = recv(conn, buf, sizeof(buf), 0);
    if (n <= 0) return;
    data.append(buf, static_cast<size_t>(n));
    header_end = data.find("\r\n\r\n");
  }
  Request req;
  size_t content_length = 0;
  std::vector<std::string> lines = absl::StrSplit(data.substr(0, header_end), "\r\n");
  std::vector<std::string> first = absl::StrSplit(lines[0], ' ');
  if (first.size() >= 2) {
    req.method = first[0];
    req.path = first[1];
  }
  for (size_t i = 1; i < lines.size(); ++i) {
    const size_t colon = lines[i].find(':');
    if (colon == std::string::npos) continue;
    if (absl::AsciiStrToLower(lines[i].substr(0, colon)) == "content-length") {
      (void)absl::SimpleAtoi(absl::StripAsciiWhitespace(lines[i].substr(colon + 1)),
                             &content_length);
    }
  }
  req.body = data.substr(header_end + 4);
  while (req.body.size() < content_length) {
    const ssize_t n = recv(conn, buf, sizeof(buf), 0);
    if (n <= 0) return;
    req.body.append(buf, static_cast<size_t>(n));
  }
  const Response resp = handler_(req);
  const std::string out = absl::StrCat(
      "HTTP/1.1 ", resp.status, " X\r\nContent-Type: application/json\r\n",
      "Content-Length: ", resp.body.size(), "\r\nConnection: close\r\n\r\n", resp.body);
  size_t sent = 0;
  while (sent < out.size()) {
    const ssize_t n = send(conn, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;
    sent += static_cast<size_t>(n);
  }
  ++served_;
}

}  // namespace repro::retrieval::testing

#ifndef TMINUS_CURL_TRANSFER_H
#define TMINUS_CURL_TRANSFER_H

#include <stddef.h>
#include <stdint.h>

// One HTTP request through libcurl's easy interface, run to its end on the calling thread.
// The thread sleeps in poll() while the server is quiet (FoundationNetworking's URLSession spins
// instead: see Sources/TminusCore/Network/CurlTransfer.swift), and every limit is libcurl's own.

/// What one request asks for. A limit of 0 is off.
typedef struct {
    const char *url;
    const char *method;           // "GET", "POST", …
    const void *body;             // NULL: no body
    size_t body_count;
    const char *const *headers;   // "Name: value" lines
    size_t header_count;
    long connect_timeout_ms;
    long idle_timeout_s;          // under 1 byte/s for this long: timed out
    long total_timeout_ms;        // the whole transfer, however the bytes arrive
    int64_t max_body_bytes;       // a Content-Length over this is refused before any body
} tminus_curl_request;

/// Called on the transfer's thread. `body` gets the decoded body piece by piece (so a cap
/// counts decompressed bytes) and `header` each header line, status lines included; either
/// returns nonzero to stop the transfer. `should_stop` is asked at least once a second, even
/// while nothing arrives.
typedef struct {
    void *context;
    int (*body)(void *context, const char *bytes, size_t count);
    int (*header)(void *context, const char *line, size_t count);
    int (*should_stop)(void *context);
} tminus_curl_callbacks;

/// The most redirects a request follows; past them it fails (CURLE_TOO_MANY_REDIRECTS).
#define TMINUS_CURL_MAX_REDIRECTS 3

typedef struct {
    int code;            // the CURLcode
    int stopped;         // a callback stopped the transfer
    long status;         // the last response's HTTP status, 0 if none came
    long os_errno;       // the system's error behind a failed connect, 0 if none
    long redirects;      // the redirects followed before the last response
    int connected;       // the request went out on a connection (pre-transfer time is known)
    char message[256];   // libcurl's words for a failure (CURL_ERROR_SIZE)
} tminus_curl_result;

void tminus_curl_perform(const tminus_curl_request *request, const tminus_curl_callbacks *callbacks,
                         tminus_curl_result *result);

/// libcurl's words for a CURLcode, or why libcurl could not be loaded.
const char *tminus_curl_strerror(int code);

#endif

#include "curl_transfer.h"

#include <curl/curl.h>
#include <pthread.h>
#include <string.h>

// libcurl must be set up once before any thread uses it (FoundationNetworking may have done it
// already: a second call only counts up).
static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

// Finished handles are kept for the next request: a handle keeps its open connections, so the
// next request to the same server skips the TCP and TLS handshakes. A few are enough (the app
// has at most a handful of requests in flight).
#define POOL_SIZE 4
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static CURL *pool[POOL_SIZE];
static int pooled = 0;

static CURL *take_handle(void) {
    CURL *handle = NULL;
    pthread_mutex_lock(&pool_lock);
    if (pooled > 0) handle = pool[--pooled];
    pthread_mutex_unlock(&pool_lock);
    if (handle) {
        curl_easy_reset(handle);  // every option back to its default; connections stay
        return handle;
    }
    return curl_easy_init();
}

static void give_back(CURL *handle) {
    pthread_mutex_lock(&pool_lock);
    if (pooled < POOL_SIZE) {
        pool[pooled++] = handle;
        handle = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    if (handle) curl_easy_cleanup(handle);
}

typedef struct {
    const tminus_curl_callbacks *callbacks;
    int stopped;
} transfer_context;

static size_t on_body(char *bytes, size_t size, size_t count, void *userdata) {
    transfer_context *context = userdata;
    size_t total = size * count;
    if (total > 0 && context->callbacks->body(context->callbacks->context, bytes, total) != 0) {
        context->stopped = 1;
        return CURL_WRITEFUNC_ERROR;
    }
    return total;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *userdata) {
    transfer_context *context = userdata;
    size_t total = size * count;
    if (context->callbacks->header(context->callbacks->context, bytes, total) != 0) {
        context->stopped = 1;
        return CURL_WRITEFUNC_ERROR;
    }
    return total;
}

// libcurl calls this at least once a second whatever the connection does: the way a
// cancelled request is noticed while the server says nothing.
static int on_progress(void *userdata, curl_off_t down_total, curl_off_t down_now, curl_off_t up_total,
                       curl_off_t up_now) {
    (void)down_total; (void)down_now; (void)up_total; (void)up_now;
    transfer_context *context = userdata;
    if (context->callbacks->should_stop(context->callbacks->context) != 0) {
        context->stopped = 1;
        return 1;
    }
    return 0;
}

void tminus_curl_perform(const tminus_curl_request *request, const tminus_curl_callbacks *callbacks,
                         tminus_curl_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&global_once, global_init);
    CURL *handle = take_handle();
    if (!handle) {
        result->code = CURLE_FAILED_INIT;
        strncpy(result->message, "cannot start a transfer", sizeof result->message - 1);
        return;
    }
    transfer_context context = { callbacks, 0 };

    curl_easy_setopt(handle, CURLOPT_URL, request->url);
    // Only the web: a redirect to file:// or anything else is refused.
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
    // No signals: the transfer runs on a thread of its own (libcurl's resolver is threaded, and
    // on Linux its sockets write with MSG_NOSIGNAL).
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    // Every encoding libcurl can decode; what reaches on_body is decoded, so the body cap is a
    // cap on inflated bytes too (a gzip bomb stops there).
    curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    if (request->idle_timeout_s > 0) {
        curl_easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl_easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, request->idle_timeout_s);
    }
    if (request->max_body_bytes > 0) {
        curl_easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    }
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &context);
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(handle, CURLOPT_HEADERDATA, &context);
    curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(handle, CURLOPT_XFERINFODATA, &context);
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, result->message);

    struct curl_slist *headers = NULL;
    for (size_t i = 0; i < request->header_count; i++) {
        headers = curl_slist_append(headers, request->headers[i]);
    }
    int is_post = strcmp(request->method, "POST") == 0;
    if (request->body || is_post) {
        // No "Expect: 100-continue" round trip before a body: the bodies are small queries.
        headers = curl_slist_append(headers, "Expect:");
        curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_count);
        curl_easy_setopt(handle, CURLOPT_POSTFIELDS, request->body ? request->body : "");
    }
    if (!is_post && (request->body || strcmp(request->method, "GET") != 0)) {
        curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request->method);
    }
    curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);

    CURLcode code = curl_easy_perform(handle);
    result->code = (int)code;
    result->stopped = context.stopped;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
    curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &result->os_errno);

    // The handle must not point at this stack frame or the header list once it is pooled.
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
    curl_easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
    curl_slist_free_all(headers);
    give_back(handle);
}

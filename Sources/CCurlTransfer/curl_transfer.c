#include "curl_transfer.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libcurl is opened on the first request, not linked: with it come some thirty libraries (TLS,
// Kerberos, LDAP, SSH, IDN…), and the dynamic loader binding their symbols was a third of
// tminus's start-up, which a start from the cache, or offline, does not need. The first request
// runs on a transfer thread, so the loading is off the UI thread there too.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    void (*easy_reset)(CURL *handle);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
} curl;
// Why libcurl could not be opened; empty when it was.
static char load_failure[200];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // The soname of Debian's libcurl4 (and every libcurl since 7.16).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_failure, sizeof load_failure, "libcurl could not be loaded (%s)", dlerror());
        return;
    }
#define FIND(field, name) \
    if (!(*(void **)&curl.field = dlsym(library, name))) { \
        snprintf(load_failure, sizeof load_failure, "libcurl.so.4 has no %s", name); \
        return; \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_reset, "curl_easy_reset")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    // libcurl must be set up once, before any thread uses it.
    curl.global_init(CURL_GLOBAL_DEFAULT);
}

const char *tminus_curl_strerror(int code) {
    pthread_once(&load_once, load);
    return load_failure[0] ? load_failure : curl.easy_strerror((CURLcode)code);
}

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
        curl.easy_reset(handle);  // every option back to its default; connections stay
        return handle;
    }
    return curl.easy_init();
}

static void give_back(CURL *handle) {
    pthread_mutex_lock(&pool_lock);
    if (pooled < POOL_SIZE) {
        pool[pooled++] = handle;
        handle = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    if (handle) curl.easy_cleanup(handle);
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
    pthread_once(&load_once, load);
    if (load_failure[0]) {
        result->code = CURLE_FAILED_INIT;
        strncpy(result->message, load_failure, sizeof result->message - 1);
        return;
    }
    CURL *handle = take_handle();
    if (!handle) {
        result->code = CURLE_FAILED_INIT;
        strncpy(result->message, "cannot start a transfer", sizeof result->message - 1);
        return;
    }
    transfer_context context = { callbacks, 0 };

    curl.easy_setopt(handle, CURLOPT_URL, request->url);
    // Only the web: a redirect to file:// or anything else is refused.
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    // A few hops at most, each one a request the server counts (the governor charges them).
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, CURLOPT_MAXREDIRS, (long)TMINUS_CURL_MAX_REDIRECTS);
    // No signals: the transfer runs on a thread of its own (libcurl's resolver is threaded, and
    // on Linux its sockets write with MSG_NOSIGNAL).
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    // Every encoding libcurl can decode; what reaches on_body is decoded, so the body cap is a
    // cap on inflated bytes too (a gzip bomb stops there).
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    if (request->idle_timeout_s > 0) {
        curl.easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl.easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, request->idle_timeout_s);
    }
    if (request->max_body_bytes > 0) {
        curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    }
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &context);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, &context);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, &context);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, result->message);

    struct curl_slist *headers = NULL;
    for (size_t i = 0; i < request->header_count; i++) {
        headers = curl.slist_append(headers, request->headers[i]);
    }
    int is_post = strcmp(request->method, "POST") == 0;
    if (request->body || is_post) {
        // No "Expect: 100-continue" round trip before a body: the bodies are small queries.
        headers = curl.slist_append(headers, "Expect:");
        curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_count);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDS, request->body ? request->body : "");
    }
    if (!is_post && (request->body || strcmp(request->method, "GET") != 0)) {
        curl.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request->method);
    }
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, headers);

    CURLcode code = curl.easy_perform(handle);
    result->code = (int)code;
    result->stopped = context.stopped;
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
    curl.easy_getinfo(handle, CURLINFO_OS_ERRNO, &result->os_errno);
    curl.easy_getinfo(handle, CURLINFO_REDIRECT_COUNT, &result->redirects);
    // "Pre-transfer" is the moment the request is about to go out on a connection (a new one
    // or one kept from before, whose connect time would read 0): before that, nothing reached
    // the server.
    curl_off_t pretransfer = 0;
    curl.easy_getinfo(handle, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
    result->connected = pretransfer > 0;

    // The handle must not point at this stack frame or the header list once it is pooled.
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
    curl.slist_free_all(headers);
    give_back(handle);
}

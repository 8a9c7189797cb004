import CCurl
import Foundation

extension CurlTransfer {
    /// libcurl's failures in words a user can act on (the same words URLSession's got).
    static func words(_ code: CURLcode, osErrno: Int = 0, message: String, maxBodyBytes: Int) -> APIError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_FILESIZE_EXCEEDED:
            // The Content-Length said it before the body came.
            return .tooLarge(maxBytes: maxBodyBytes)
        case CURLE_COULDNT_CONNECT:
            switch Int32(truncatingIfNeeded: osErrno) {
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN: return .transport("no connection")
            default: return .transport("connection refused")
            }
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .transport("host not found")
        case CURLE_GOT_NOTHING:
            return .transport("the server closed the connection without answering")
        case CURLE_PARTIAL_FILE:
            return .badData("the response was cut short")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .transport("the connection was lost")
        case CURLE_BAD_CONTENT_ENCODING:
            return .badData("the response could not be decompressed")
        case CURLE_WEIRD_SERVER_REPLY:
            return .badData("unreadable response")
        case CURLE_TOO_MANY_REDIRECTS:
            return .transport("too many redirects")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .transport("not a web address")
        default:
            return .transport(message.isEmpty ? String(cString: curl_easy_strerror(code)) : message)
        }
    }
}

import CCurl
import CCurlTransfer
import Foundation

extension CurlTransfer {
    /// libcurl's failures in words a user can act on (the same words URLSession's got).
    /// `connected`: whether a connection to the server was made before the failure; a
    /// timeout before that is the network's, not the server's (`.unreached`: no budget spent).
    static func words(_ code: CURLcode, osErrno: Int = 0, message: String, maxBodyBytes: Int, connected: Bool = true) -> APIError {
        // Out of file descriptors, the socket was never made: said so, not "connection refused"
        // while the server answers (curl reports it as a failed connect).
        if !connected, [EMFILE, ENFILE].contains(Int32(truncatingIfNeeded: osErrno)) {
            return .unreached("too many open files (the limit on open files is reached: `ulimit -n`)")
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT where !connected:
            return .unreached("could not connect in time")
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_FILESIZE_EXCEEDED:
            // The Content-Length said it before the body came.
            return .tooLarge(maxBytes: maxBodyBytes)
        case CURLE_COULDNT_CONNECT:
            switch Int32(truncatingIfNeeded: osErrno) {
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN: return .unreached("no connection")
            default: return .unreached("connection refused")
            }
        case CURLE_SSL_CONNECT_ERROR:
            return .unreached(message.isEmpty ? String(cString: tminus_curl_strerror(Int32(code.rawValue))) : message)
        default:
            if let words = fixedWords[code.rawValue] { return words }
            return .transport(message.isEmpty ? String(cString: tminus_curl_strerror(Int32(code.rawValue))) : message)
        }
    }

    /// The failures whose words never depend on the details.
    private static let fixedWords: [CURLcode.RawValue: APIError] = [
        CURLE_COULDNT_RESOLVE_HOST.rawValue: .unreached("host not found"),
        CURLE_COULDNT_RESOLVE_PROXY.rawValue: .unreached("host not found"),
        CURLE_GOT_NOTHING.rawValue: .transport("the server closed the connection without answering"),
        CURLE_PARTIAL_FILE.rawValue: .badData("the response was cut short"),
        CURLE_RECV_ERROR.rawValue: .transport("the connection was lost"),
        CURLE_SEND_ERROR.rawValue: .transport("the connection was lost"),
        CURLE_BAD_CONTENT_ENCODING.rawValue: .badData("the response could not be decompressed"),
        CURLE_WEIRD_SERVER_REPLY.rawValue: .badData("unreadable response"),
        CURLE_TOO_MANY_REDIRECTS.rawValue: .tooManyRedirects,
        CURLE_UNSUPPORTED_PROTOCOL.rawValue: .transport("not a web address"),
    ]
}

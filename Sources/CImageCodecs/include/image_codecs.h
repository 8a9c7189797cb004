#ifndef TMINUS_IMAGE_CODECS_H
#define TMINUS_IMAGE_CODECS_H

// Decoding PNG and JPEG pictures from memory into RGBA8, for TminusImage.
//
// libpng (through its simplified API) and libjpeg(-turbo) do the work; this glue
// - tells the formats apart by their magic bytes,
// - reads the header first and refuses a picture whose width x height is over the caller's
//   limit BEFORE allocating anything for its pixels (dimensions are never trusted: the
//   byte count is checked for overflow too),
// - catches every libpng/libjpeg error (libjpeg reports them with longjmp, which Swift
//   cannot catch) and hands back a status and the library's message instead of exiting,
// - keeps no global state: any number of threads may decode at once, each with its own
//   buffers.
//
// This header deliberately includes neither png.h nor jpeglib.h.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    TM_IMAGE_FORMAT_UNKNOWN = 0,
    TM_IMAGE_FORMAT_PNG = 1,
    TM_IMAGE_FORMAT_JPEG = 2,
} tm_image_format;

typedef enum {
    /// Decoded: `pixels` holds `width * height * 4` bytes, RGBA8 straight alpha, row after row.
    TM_IMAGE_OK = 0,
    /// Neither a PNG nor a JPEG signature (empty input too).
    TM_IMAGE_NOT_AN_IMAGE = 1,
    /// A PNG or JPEG that the library could not decode (broken, truncated, unsupported);
    /// the library's message is in the caller's buffer.
    TM_IMAGE_CORRUPT = 2,
    /// The header claims more than `max_pixels` pixels (or more bytes than memory can
    /// address); `width` and `height` hold what it claims. Nothing was allocated.
    TM_IMAGE_TOO_LARGE = 3,
    /// malloc failed for the pixel buffer (or inside the library).
    TM_IMAGE_OUT_OF_MEMORY = 4,
} tm_image_status;

/// A decoded picture. `pixels` is malloc'ed by the decoder; release it with
/// `tm_image_release` (or `tm_image_free_pixels`).
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
} tm_image;

/// Which format the bytes start like (magic bytes only; nothing is decoded).
tm_image_format tm_image_detect(const uint8_t *data, size_t size);

/// Decodes `data[0..<size]` (PNG or JPEG) into `out`.
///
/// - `max_pixels`: the largest `width * height` accepted; bigger pictures give
///   `TM_IMAGE_TOO_LARGE` without their pixels ever being allocated.
/// - `message` / `message_capacity`: where a failure's reason goes (NUL-terminated,
///   truncated to fit, printable ASCII only); may be NULL / 0.
///
/// On `TM_IMAGE_OK`, `out->pixels` is a new buffer the caller owns. On
/// `TM_IMAGE_TOO_LARGE`, `out->width` / `out->height` are the claimed size and
/// `out->pixels` is NULL. On any other status `*out` is all zeros.
tm_image_status tm_image_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                                tm_image *out, char *message, size_t message_capacity);

/// Frees the pixels of a decoded image and zeroes it. Safe on a zeroed image and twice.
void tm_image_release(tm_image *image);

/// Frees a pixel buffer handed out by `tm_image_decode` or `tm_image_encode_png` (NULL is fine).
void tm_image_free_pixels(uint8_t *pixels);

/// Encodes `width * height` RGBA8 pixels (straight alpha, rows packed) as a PNG file, for the
/// terminals that take pictures only as files (iTerm2's inline images). Returns a new buffer
/// (free with `tm_image_free_pixels`) and its length in `*size`, or NULL on failure.
uint8_t *tm_image_encode_png(const uint8_t *pixels, uint32_t width, uint32_t height, size_t *size);

#ifdef __cplusplus
}
#endif

#endif

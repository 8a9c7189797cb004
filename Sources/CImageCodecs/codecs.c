// PNG and JPEG from memory to RGBA8: see include/image_codecs.h.
//
// Every bit of state lives on the caller's stack (no globals, no static buffers), so
// decodes on several threads at once don't meet.

#include "image_codecs.h"

#include <setjmp.h>
#include <stdio.h> // jpeglib.h needs FILE
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

// A progressive JPEG may carry any number of scans, each a full pass over the coefficient
// buffer: a tiny file could cost minutes. libjpeg-turbo's own tools stop at 500.
#define TM_JPEG_MAX_SCANS 500

// MARK: - Helpers

static void tm_set_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    size_t n = 0;
    if (text != NULL) {
        // Printable ASCII only: the text may end up on a terminal and in a log.
        for (; text[n] != '\0' && n + 1 < capacity; n++) {
            unsigned char c = (unsigned char)text[n];
            message[n] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
        }
    }
    message[n] = '\0';
}

/// Whether `width x height` RGBA8 pixels are allowed: within `max_pixels` and
/// addressable (width * height * 4 must not overflow size_t).
static int tm_size_allowed(uint64_t width, uint64_t height, uint64_t max_pixels) {
    if (width == 0 || height == 0) return 1; // the libraries reject these themselves
    if (width > UINT32_MAX || height > UINT32_MAX) return 0;
    uint64_t pixels = width * height; // < 2^64: both below 2^32
    if (pixels > max_pixels) return 0;
    if (pixels > (uint64_t)(SIZE_MAX / 4)) return 0;
    if (pixels > UINT64_MAX / 4) return 0;
    return 1;
}

static uint32_t tm_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static const uint8_t tm_png_signature[8] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};

tm_image_format tm_image_detect(const uint8_t *data, size_t size) {
    if (data == NULL) return TM_IMAGE_FORMAT_UNKNOWN;
    if (size >= 8 && memcmp(data, tm_png_signature, 8) == 0) return TM_IMAGE_FORMAT_PNG;
    if (size >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff) return TM_IMAGE_FORMAT_JPEG;
    return TM_IMAGE_FORMAT_UNKNOWN;
}

void tm_image_free_pixels(uint8_t *pixels) { free(pixels); }

void tm_image_release(tm_image *image) {
    if (image == NULL) return;
    free(image->pixels);
    image->pixels = NULL;
    image->width = 0;
    image->height = 0;
}

// MARK: - PNG (libpng 1.6 simplified API)

static tm_image_status tm_decode_png(const uint8_t *data, size_t size, uint64_t max_pixels,
                                     tm_image *out, char *message, size_t capacity) {
    // The IHDR chunk must come first (signature, length 13, "IHDR", width, height): look at
    // the claimed size before libpng does anything, so even a file that is nothing but a
    // lying header is refused as too large rather than as truncated.
    if (size >= 8 + 8 + 8 && tm_be32(data + 8) == 13 && memcmp(data + 12, "IHDR", 4) == 0) {
        uint32_t w = tm_be32(data + 16), h = tm_be32(data + 20);
        if (!tm_size_allowed(w, h, max_pixels)) {
            out->width = w;
            out->height = h;
            return TM_IMAGE_TOO_LARGE;
        }
    }

    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    // Reads the signature and every chunk up to the first IDAT: the header, nothing more.
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        tm_set_message(message, capacity, image.message[0] ? image.message : "unreadable PNG header");
        png_image_free(&image);
        return TM_IMAGE_CORRUPT;
    }
    if (!tm_size_allowed(image.width, image.height, max_pixels)) {
        out->width = image.width;
        out->height = image.height;
        png_image_free(&image);
        return TM_IMAGE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA; // 8-bit sRGB, straight alpha; gray/palette/16-bit converted
#ifdef PNG_IMAGE_FLAG_16BIT_sRGB
    // Without a gAMA/sRGB chunk libpng takes 16-bit samples as linear light; the files
    // people make are sRGB-encoded at 16 bits as at 8.
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
#endif
    size_t bytes = (size_t)image.width * (size_t)image.height * 4;
    uint8_t *pixels = malloc(bytes);
    if (pixels == NULL) {
        png_image_free(&image);
        tm_set_message(message, capacity, "out of memory");
        return TM_IMAGE_OUT_OF_MEMORY;
    }
    // row_stride 0: tightly packed rows. Frees libpng's state whatever happens.
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        tm_set_message(message, capacity, image.message[0] ? image.message : "unreadable PNG data");
        png_image_free(&image);
        return TM_IMAGE_CORRUPT;
    }
    png_image_free(&image);
    out->pixels = pixels;
    out->width = image.width;
    out->height = image.height;
    return TM_IMAGE_OK;
}

uint8_t *tm_image_encode_png(const uint8_t *pixels, uint32_t width, uint32_t height, size_t *size) {
    if (pixels == NULL || size == NULL || width == 0 || height == 0) return NULL;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    // One pass into a buffer of libpng's bound for this image: asking for the size first
    // (memory NULL) compresses the whole picture once more, which doubled the cost (a
    // 533x800 photo took 200 ms).
    png_alloc_size_t bytes = PNG_IMAGE_PNG_SIZE_MAX(image);
    uint8_t *out = malloc(bytes);
    if (out == NULL) {
        png_image_free(&image);
        return NULL;
    }
    if (!png_image_write_to_memory(&image, out, &bytes, 0, pixels, 0, NULL)) {
        free(out);
        png_image_free(&image);
        return NULL;
    }
    png_image_free(&image);
    uint8_t *fitted = realloc(out, bytes);  // the bound is above the raw pixels' size
    *size = bytes;
    return fitted != NULL ? fitted : out;
}

// MARK: - JPEG (libjpeg / libjpeg-turbo)

/// libjpeg's error manager, extended with where to jump back to and the message.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char text[JMSG_LENGTH_MAX];
    /// Whether running out of data is an error: yes until every scanline is in, after that
    /// only the end marker is missing and the picture is whole.
    int eof_is_fatal;
} tm_jpeg_error;

/// A fatal error: keep the message and return to tm_decode_jpeg (never exit()).
static void tm_jpeg_error_exit(j_common_ptr cinfo) {
    tm_jpeg_error *err = (tm_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->text);
    longjmp(err->jump, 1);
}

/// Warnings and traces: silent (nothing on stderr under ncurses), except running out of
/// data before the last scanline. libjpeg pads a truncated file with a fake end marker and
/// carries on, giving a picture half grey; a truncated download must count as broken instead.
static void tm_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return; // trace messages
    cinfo->err->num_warnings++;
    tm_jpeg_error *err = (tm_jpeg_error *)cinfo->err;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF && err->eof_is_fatal) {
        (*cinfo->err->format_message)(cinfo, err->text);
        longjmp(err->jump, 1);
    }
}

static void tm_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// Stops progressive JPEGs with absurdly many scans.
static void tm_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > TM_JPEG_MAX_SCANS) {
        tm_jpeg_error *err = (tm_jpeg_error *)cinfo->err;
        snprintf(err->text, sizeof err->text, "too many progressive scans (over %d)", TM_JPEG_MAX_SCANS);
        longjmp(err->jump, 1);
    }
}

/// CMYK (or YCCK decoded to CMYK) to RGBA, in place: both are 4 bytes a pixel. Adobe
/// writes CMYK inverted (0 = full ink), which is what nearly every CMYK JPEG is.
static void tm_cmyk_to_rgba(uint8_t *row, size_t width, int inverted) {
    for (size_t x = 0; x < width; x++) {
        uint8_t *p = row + x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

#ifndef JCS_EXTENSIONS
/// Gray (1 byte) or RGB (3 bytes) at the start of `row` to RGBA, in place, back to front.
static void tm_expand_to_rgba(uint8_t *row, size_t width, int components) {
    for (size_t x = width; x-- > 0;) {
        uint8_t *d = row + x * 4;
        if (components == 1) {
            uint8_t v = row[x];
            d[0] = v; d[1] = v; d[2] = v;
        } else {
            const uint8_t *s = row + x * 3;
            uint8_t r = s[0], g = s[1], b = s[2];
            d[0] = r; d[1] = g; d[2] = b;
        }
        d[3] = 255;
    }
}
#endif

static tm_image_status tm_decode_jpeg(const uint8_t *data, size_t size, uint64_t max_pixels,
                                      tm_image *out, char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    tm_jpeg_error err;
    struct jpeg_progress_mgr progress;
    // Changed between setjmp and a possible longjmp: volatile, so the value survives.
    uint8_t *volatile pixels = NULL;
    volatile tm_image_status failure = TM_IMAGE_CORRUPT;

    memset(&cinfo, 0, sizeof cinfo); // jpeg_destroy is safe even if create failed early
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = tm_jpeg_error_exit;
    err.pub.emit_message = tm_jpeg_emit_message;
    err.pub.output_message = tm_jpeg_output_message;
    err.eof_is_fatal = 1;

    if (setjmp(err.jump)) {
        free(pixels);
        jpeg_destroy_decompress(&cinfo);
        if (err.pub.msg_code == JERR_OUT_OF_MEMORY) failure = TM_IMAGE_OUT_OF_MEMORY;
        tm_set_message(message, capacity, err.text[0] ? err.text : "unreadable JPEG");
        out->pixels = NULL;
        out->width = 0;
        out->height = 0;
        return failure;
    }

    jpeg_create_decompress(&cinfo);
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = tm_jpeg_progress;
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE); // errors out (longjmp) without an image

    JDIMENSION width = cinfo.image_width, height = cinfo.image_height;
    if (!tm_size_allowed(width, height, max_pixels)) {
        jpeg_destroy_decompress(&cinfo);
        out->width = width;
        out->height = height;
        return TM_IMAGE_TOO_LARGE;
    }

    int cmyk = 0;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
#ifdef JCS_EXTENSIONS
        cinfo.out_color_space = JCS_EXT_RGBA; // libjpeg-turbo writes the 4th byte as 0xff
#else
        cinfo.out_color_space = cinfo.jpeg_color_space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_RGB;
#endif
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo.out_color_space = JCS_CMYK;
        cmyk = 1;
        break;
    default:
        snprintf(err.text, sizeof err.text, "unsupported JPEG colour space (%d)", (int)cinfo.jpeg_color_space);
        longjmp(err.jump, 1);
    }

    jpeg_start_decompress(&cinfo);
    int components = cinfo.output_components;
#ifdef JCS_EXTENSIONS
    int expected = 4;
#else
    int expected = cmyk ? 4 : (cinfo.out_color_space == JCS_GRAYSCALE ? 1 : 3);
#endif
    if (components != expected || cinfo.output_width != width || cinfo.output_height != height) {
        snprintf(err.text, sizeof err.text, "unexpected JPEG output (%d components, %ux%u)",
                 components, (unsigned)cinfo.output_width, (unsigned)cinfo.output_height);
        longjmp(err.jump, 1);
    }

    size_t stride = (size_t)width * 4;
    pixels = malloc(stride * (size_t)height);
    if (pixels == NULL) {
        failure = TM_IMAGE_OUT_OF_MEMORY;
        snprintf(err.text, sizeof err.text, "out of memory");
        longjmp(err.jump, 1);
    }
    while (cinfo.output_scanline < height) {
        JSAMPROW rows[4];
        JDIMENSION first = cinfo.output_scanline;
        int n = 0;
        for (; n < 4 && first + (JDIMENSION)n < height; n++) rows[n] = pixels + (size_t)(first + (JDIMENSION)n) * stride;
        JDIMENSION got = jpeg_read_scanlines(&cinfo, rows, (JDIMENSION)n);
        if (got == 0) {
            snprintf(err.text, sizeof err.text, "JPEG decoder stalled at line %u", (unsigned)first);
            longjmp(err.jump, 1);
        }
        for (JDIMENSION i = 0; i < got; i++) {
            uint8_t *row = pixels + (size_t)(first + i) * stride;
            if (cmyk) {
                tm_cmyk_to_rgba(row, width, cinfo.saw_Adobe_marker);
            }
#ifndef JCS_EXTENSIONS
            else {
                tm_expand_to_rgba(row, width, components);
            }
#endif
        }
    }
    err.eof_is_fatal = 0;           // only the end marker may be missing now
    jpeg_finish_decompress(&cinfo); // may still longjmp on a broken tail
    jpeg_destroy_decompress(&cinfo);

    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return TM_IMAGE_OK;
}

// MARK: - Entry point

tm_image_status tm_image_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                                tm_image *out, char *message, size_t message_capacity) {
    tm_set_message(message, message_capacity, "");
    if (out == NULL) return TM_IMAGE_NOT_AN_IMAGE;
    out->pixels = NULL;
    out->width = 0;
    out->height = 0;
    switch (tm_image_detect(data, size)) {
    case TM_IMAGE_FORMAT_PNG:
        return tm_decode_png(data, size, max_pixels, out, message, message_capacity);
    case TM_IMAGE_FORMAT_JPEG:
        return tm_decode_jpeg(data, size, max_pixels, out, message, message_capacity);
    default:
        tm_set_message(message, message_capacity, "not a PNG or JPEG image");
        return TM_IMAGE_NOT_AN_IMAGE;
    }
}

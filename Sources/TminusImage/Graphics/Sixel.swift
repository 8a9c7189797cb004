import CChafa

/// DEC sixel graphics (DECSIXEL), as bytes to write at the cursor (no I/O here): xterm
/// (`-ti vt340`), foot, WezTerm, mlterm, and tmux 3.4 and later.
///
/// libchafa writes it: it picks a palette for each picture (up to 256 registers, what xterm's
/// `numColorRegisters: 256` and the others give), which keeps skies and flames free of the
/// bands a fixed palette leaves, and it encodes the bands with run lengths. The picture must
/// already be scaled to the pixel size it will have on screen (`ImageScaler`): chafa draws it
/// on a canvas of exactly that size, one "cell" as big as the picture, so nothing is scaled
/// again. chafa draws whole six-pixel bands only (it would scale a 13-pixel picture to 12),
/// so the picture is cut to whole bands here, which the presenter's boxes already are, or
/// padded with unpainted rows when it is shorter than one band. Pixels with alpha below half
/// are not painted, and `P2=1` in the introducer keeps what is under them.
public enum Sixel {
    /// Pictures are clamped to this many pixels a side (far above any screen's).
    public static let maxSide = 8192

    public static func encode(_ image: RGBAImage) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.pixels.count >= image.width * image.height * 4 else { return [] }
        let width = min(image.width, maxSide)
        let height = max(6, min(image.height, maxSide) / 6 * 6)
        // The rows chafa gets: the picture's, then transparent ones up to a first whole band.
        var pixels = Array(image.pixels.prefix(min(image.height, height) * image.width * 4))
        pixels += [UInt8](repeating: 0, count: (height - min(image.height, height)) * image.width * 4)

        let config = chafa_canvas_config_new()!
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_geometry(config, 1, 1)
        chafa_canvas_config_set_cell_geometry(config, Int32(width), Int32(height))
        chafa_canvas_config_set_transparency_threshold(config, 0.5)
        // No dithering: the same picture is always the same bytes (tests, and the presenter's cache).
        chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)

        let canvas = chafa_canvas_new(config)!
        defer { chafa_canvas_unref(canvas) }
        pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(width), Int32(height), Int32(image.width * 4))
        }
        // The fallback terminal description has the plain DECSIXEL introducer and terminator,
        // which is all this needs (the presenter adds cursor moves and any tmux wrapping).
        let info = chafa_term_db_get_fallback_info(chafa_term_db_get_default())!
        defer { chafa_term_info_unref(info) }
        guard let printed = chafa_canvas_print(canvas, info) else { return [] }
        defer { g_string_free(printed, 1) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str).assumingMemoryBound(to: UInt8.self),
                                         count: Int(printed.pointee.len)))
    }
}

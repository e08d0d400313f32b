import CChafa
import CTerminal
import Raster

/// Turns frames into the bytes that draw them, through chafa.
///
/// The frame is shrunk here (a box filter, `Layout`) and handed to chafa at
/// exactly the size of its canvas, so chafa never scales: it only picks each
/// cell's symbol and colours, or encodes the pixels for kitty or sixel. The
/// bytes are the same for the same frame, layout and mode.
///
/// Escape sequences come from chafa's fallback terminal, which has every one
/// in its standard form: the terminal was already chosen by the mode, and
/// output that does not depend on `TERM` can be tested.
final class FrameEncoder {
    let mode: GraphicsMode
    private let terminal: OpaquePointer
    private var canvas: (layout: Layout, pointer: OpaquePointer)?

    init(mode: GraphicsMode) {
        self.mode = mode
        terminal = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
    }

    deinit {
        if let canvas { chafa_canvas_unref(canvas.pointer) }
        chafa_term_info_unref(terminal)
    }

    /// The bytes that draw `image` with `layout`, its top-left corner in the
    /// cell at `row`, `column` (from 1), ending with attributes reset.
    func encode(_ image: Image, layout: Layout, row: Int = 1, column: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        let lines = cells(image, layout: layout)
        if mode == .kitty { out += Escape.deleteKittyImages }
        if mode.drawsPixels {
            out += Escape.moveTo(row: row, column: column)
            out.append(contentsOf: lines.first ?? [])
        } else {
            for (i, line) in lines.enumerated() {
                out += Escape.moveTo(row: row + i, column: column)
                out += line
            }
        }
        out += Escape.reset
        return out
    }

    /// The same picture where the cursor is, lines ending in newlines: what stays
    /// on the screen after playing, above the prompt.
    func encodeInline(_ image: Image, layout: Layout) -> [UInt8] {
        let lines = cells(image, layout: layout)
        guard mode.drawsPixels else {
            return lines.flatMap { $0 + Escape.reset + Array("\r\n".utf8) }
        }
        // Room first (the screen scrolls if it must), then the picture at its top,
        // then the cursor under it, wherever the terminal left it after the picture.
        var out = Array(String(repeating: "\r\n", count: layout.rows).utf8)
        out += Array("\u{1B}[\(layout.rows)A\u{1B}7".utf8)
        out.append(contentsOf: lines.first ?? [])
        out += Escape.reset + Array("\u{1B}8\u{1B}[\(layout.rows)B\r".utf8)
        return out
    }

    /// chafa's output for the frame: one line a row of cells (pixel modes: one
    /// sequence, which may hold line breaks of its own).
    private func cells(_ image: Image, layout: Layout) -> [[UInt8]] {
        let canvas = canvas(for: layout)
        let (width, height) = (layout.canvasWidth, layout.canvasHeight)
        // The pixel modes' margins beside the picture stay black.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                segue_box_resample(source.baseAddress, Int32(image.width), Int32(image.height), destination.baseAddress,
                                   Int32(width), Int32(height), Int32(layout.sampleWidth), Int32(layout.sampleHeight),
                                   Int32(layout.block))
            }
        }
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_PREMULTIPLIED, pixels, Int32(width), Int32(height), Int32(width * 4))
        guard let printed = chafa_canvas_print(canvas, terminal) else { return [] }
        defer { segue_chafa_string_free(printed) }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str).assumingMemoryBound(to: UInt8.self),
                                              count: Int(printed.pointee.len)))
        if mode.drawsPixels { return [bytes] }
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    private func canvas(for layout: Layout) -> OpaquePointer {
        if let canvas, canvas.layout == layout { return canvas.pointer }
        if let canvas { chafa_canvas_unref(canvas.pointer) }
        let config = chafa_canvas_config_new()!
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(layout.columns), Int32(layout.rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(layout.cellWidth), Int32(layout.cellHeight))
        chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
        // Attributes carried over between cells, nothing cleverer: repeat-character
        // and skipped cells are not understood by every terminal.
        chafa_canvas_config_set_optimizations(config, CHAFA_OPTIMIZATION_REUSE_ATTRIBUTES)
        switch mode {
        case .kitty: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_KITTY)
        case .sixel: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
        case .blocks, .indexed:
            chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
            chafa_canvas_config_set_canvas_mode(config, mode == .blocks ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_240)
            let symbols = chafa_symbol_map_new()!
            defer { chafa_symbol_map_unref(symbols) }
            chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_QUAD.rawValue
                                                                  | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue))
            chafa_canvas_config_set_symbol_map(config, symbols)
        }
        let pointer = chafa_canvas_new(config)!
        canvas = (layout, pointer)
        return pointer
    }
}

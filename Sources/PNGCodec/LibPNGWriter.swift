import CLibPNG

/// One libpng encode in progress (the C target's `strata_png_encoder`): header first, then
/// rows in any number of batches, then the finished file. Every failure throws `PNGError`.
final class LibPNGWriter {
    private let encoder: OpaquePointer

    init(header: strata_png_header, options: PNGEncodeOptions) throws {
        guard let encoder = strata_png_encoder_create() else { throw PNGError("out of memory creating the libpng writer") }
        self.encoder = encoder
        var header = header
        var settings = strata_png_write_settings()
        settings.level = options.level
        settings.filters = options.filter.libpngMask
        settings.strategy = options.strategy.zlibValue
        // libdeflate and ISA-L take unfiltered rows with the default strategy; anything else is zlib's.
        let plain = options.filter == .none && options.strategy == .default
        settings.deflater = plain ? options.deflater.value : PNGDeflater.zlib.value
        try check(strata_png_encoder_begin(encoder, &header, &settings))
    }

    deinit { strata_png_encoder_destroy(encoder) }

    /// Appends `count` rows starting at `rows`, `stride` bytes apart.
    func write(rows: UnsafeRawPointer, stride: Int, count: Int) throws {
        try check(strata_png_encoder_write_rows(encoder, rows.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)))
    }

    /// Ends the file (all rows must have been written) and returns its bytes.
    func finish() throws -> [UInt8] {
        try check(strata_png_encoder_finish(encoder))
        var size = 0
        guard let data = strata_png_encoder_output(encoder, &size) else { throw PNGError("libpng produced no output") }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    private func check(_ status: Int32) throws {
        guard status == Int32(STRATA_PNG_OK) else {
            throw PNGError("libpng could not write the image: " + String(cString: strata_png_encoder_message(encoder)))
        }
    }
}

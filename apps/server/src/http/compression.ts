import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * gzip / brotli for text answers (JSON, HTML, JS, CSS, SVG) of 1 KiB and more, chosen by the
 * request's Accept-Encoding. Register before the routes: the plugin attaches itself to each
 * route as it is added.
 *
 * Left alone on purpose: the event stream (`text/event-stream` is not a compressible type here,
 * and the route hijacks the reply, so nothing buffers its events), the agent's WebSocket (an
 * upgrade, not a reply), PDFs and images (already compressed). Request bodies are not
 * decompressed: no client needs it, and it would let a small upload unpack past the limits.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
}

// How every list's "Export CSV" route answers: the file as an attachment under the name its service chose, never
// cached (it holds the company's data as of now).
import type { FastifyReply } from 'fastify';

export function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

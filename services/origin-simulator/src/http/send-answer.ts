import type { Response } from 'express';
import type { Answer } from '../portal/answer';

export function sendAnswer(res: Response, answer: Answer): void {
  if (res.headersSent || res.destroyed) return; // the client gave up (its timeout): nothing to write to
  switch (answer.kind) {
    case 'json':
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      res.status(answer.status).json(answer.body);
      return;
    case 'html':
      res.status(answer.status).type('html').send(answer.body);
      return;
    case 'bytes':
      res.status(answer.status).type(answer.contentType).send(Buffer.from(answer.body));
      return;
  }
}

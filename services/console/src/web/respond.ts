import express, { type Request, type RequestHandler, type Response } from 'express';
import { messagePage } from './page-frame';

/** A console form is a few hundred bytes; anything much larger is not one. The edge holds the same (decision 0132). */
export const FORM_BODY_LIMIT = '8kb';

export const FORM_BODY: RequestHandler = express.urlencoded({
  extended: false,
  limit: FORM_BODY_LIMIT,
  parameterLimit: 64,
});

export function sendPage(res: Response, status: number, body: string): void {
  res.status(status).type('html').send(body);
}

/** A form field as sent, or undefined when absent or repeated (a repeated field is never one person's answer). */
export function formField(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a repeatable field (checkboxes): none, one or several, strings only. */
export function formFields(req: Request, name: string): string[] {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return [];
  const value: unknown = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A query-string parameter given once, or undefined (absent, repeated or nested). */
export function queryParam(req: Request, name: string): string | undefined {
  const value: unknown = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** 403 for a form whose CSRF token is missing or wrong. */
export function refuseForm(res: Response): void {
  sendPage(
    res,
    403,
    messagePage(
      'Acesso recusado',
      'O formulário expirou ou não veio deste console. Recarregue a página e tente de novo.',
    ),
  );
}

/** 404 in the console's words: also the answer for another account's order, token or user (never a 403 that confirms it exists). */
export function notFound(res: Response): void {
  sendPage(res, 404, messagePage('Página não encontrada', 'Este endereço não existe no console.'));
}

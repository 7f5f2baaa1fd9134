// The company's users, for admins: list, add (invite or initial password), change, resend an invitation, reset a
// lost second factor.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAddUserSchema,
  ZCompanyUserSchema,
  ZUpdateUserSchema,
  ZUserIdParamsSchema,
  ZUserListQuerySchema,
  ZUserPageSchema,
} from '#common/schemas/users.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import {
  addUser,
  getUser,
  listUsers,
  resendInvitation,
  resetUserTwoFactor,
  updateUser,
} from './users.service.ts';

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['users'];

  r.get(
    '/api/v1/users',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: "A page of your company's users, searched by name or e-mail (admin)",
        tags,
        querystring: ZUserListQuerySchema,
        response: { 200: ZUserPageSchema },
      },
    },
    async (request) => listUsers(db, authOf(request), request.query),
  );

  r.post(
    '/api/v1/users',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          'Adds a user by invitation or with an initial password; either way a set-password link is mailed (admin)',
        tags,
        body: ZAddUserSchema,
        response: { 201: ZCompanyUserSchema },
      },
    },
    async (request, reply) => {
      const user = await addUser(db, authOf(request), request.body, app.config.appUrl, originOf(request));
      return reply.status(201).send(user);
    },
  );

  r.get(
    '/api/v1/users/:id',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'One user of your company (admin)',
        tags,
        params: ZUserIdParamsSchema,
        response: { 200: ZCompanyUserSchema },
      },
    },
    async (request) => getUser(db, authOf(request), request.params.id),
  );

  r.patch(
    '/api/v1/users/:id',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          "Changes a user's role, burdened labor rate or active state; inactivation ends their sessions (admin)",
        tags,
        params: ZUserIdParamsSchema,
        body: ZUpdateUserSchema,
        response: { 200: ZCompanyUserSchema },
      },
    },
    async (request) => updateUser(db, authOf(request), request.params.id, request.body, originOf(request)),
  );

  r.post(
    '/api/v1/users/:id/invitation',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'Mails a user who has not set a password yet a new set-password link (admin)',
        tags,
        params: ZUserIdParamsSchema,
        response: { 200: ZCompanyUserSchema },
      },
    },
    async (request) => resendInvitation(db, authOf(request), request.params.id, app.config.appUrl),
  );

  r.delete(
    '/api/v1/users/:id/two-factor',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          "Resets a user's lost second factor: TOTP off, secret and backup codes deleted, sessions ended (admin)",
        tags,
        params: ZUserIdParamsSchema,
        response: { 200: ZCompanyUserSchema },
      },
    },
    async (request) => resetUserTwoFactor(db, authOf(request), request.params.id, originOf(request)),
  );
}

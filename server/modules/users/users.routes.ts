// The company's users, for admins: list, add (invite or initial password), change, resend an invitation, reset a
// lost second factor.
import type { FastifyRequest } from 'fastify';
import {
  ZLaborRateChangeSchema,
  ZLaborRatePreviewSchema,
  ZLaborRateSetSchema,
} from '#common/schemas/labor-rates.ts';
import {
  ZAddUserSchema,
  ZCompanyUserSchema,
  ZUpdateUserSchema,
  ZUserIdParamsSchema,
  ZUserListQuerySchema,
  ZUserPageSchema,
} from '#common/schemas/users.ts';
import { authOf } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { resetUserTwoFactor, updateUser } from './users-edit.service.ts';
import { addUser, resendInvitation } from './users-invite.service.ts';
import { getUser, listUsers } from './users-list.service.ts';
import { previewLaborRate, setLaborRate } from './users-rates.service.ts';

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export const usersRoutes = systemRoutes(
  {
    why: "a company's accounts live in better-auth tables closed to the tenant role; every query names the admin's company",
    role: 'admin',
  },
  (r, db) => {
    const tags = ['users'];

    r.get(
      '/api/v1/users',
      {
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
        config: {
          errors: ['CONFLICT', 'LIMIT_REACHED'],
          rules: ["an initial password is strong enough (12 to 128 characters, SPEC's strict policy)"],
        },
        schema: {
          summary:
            'Adds a user by invitation or with an initial password; either way a set-password link is mailed (admin)',
          tags,
          body: ZAddUserSchema,
          response: { 201: ZCompanyUserSchema },
        },
      },
      async (request, reply) => {
        const user = await addUser(db, authOf(request), request.body, r.config.appUrl, originOf(request));
        return reply.status(201).send(user);
      },
    );

    r.get(
      '/api/v1/users/:id',
      {
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
        config: { errors: ['CONFLICT', 'LIMIT_REACHED'] },
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
      '/api/v1/users/:id/labor-rates/preview',
      {
        config: { errors: ['BAD_REQUEST'] },
        schema: {
          summary:
            'How many time entries a burdened labor rate from a date would re-price; changes nothing (admin)',
          tags,
          params: ZUserIdParamsSchema,
          body: ZLaborRateChangeSchema,
          response: { 200: ZLaborRatePreviewSchema },
        },
      },
      async (request) =>
        previewLaborRate(db, authOf(request), request.params.id, request.body, request.server.clock.now()),
    );

    r.post(
      '/api/v1/users/:id/labor-rates',
      {
        config: { errors: ['BAD_REQUEST'] },
        schema: {
          summary:
            'Sets a burdened labor rate from a date: from today it takes effect now; from a past date it re-prices the time entries it covers (admin)',
          tags,
          params: ZUserIdParamsSchema,
          body: ZLaborRateChangeSchema,
          response: { 200: ZLaborRateSetSchema },
        },
      },
      async (request) =>
        setLaborRate(db, authOf(request), request.params.id, request.body, request.server.clock.now()),
    );

    r.post(
      '/api/v1/users/:id/invitation',
      {
        config: { errors: ['CONFLICT'] },
        schema: {
          summary: 'Mails a user who has not set a password yet a new set-password link (admin)',
          tags,
          params: ZUserIdParamsSchema,
          response: { 200: ZCompanyUserSchema },
        },
      },
      async (request) => resendInvitation(db, authOf(request), request.params.id, r.config.appUrl),
    );

    r.delete(
      '/api/v1/users/:id/two-factor',
      {
        config: { errors: ['CONFLICT'] },
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
  },
);

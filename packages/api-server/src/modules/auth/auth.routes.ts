import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors, IncludeQuery, includes, MessageResponse } from '../common/schemas';
import { toUserDto } from '../users/user.dto';
import {
  BootstrapBody,
  BootstrapResponse,
  ConfirmBody,
  ConfirmResponse,
  EmailBody,
  LoginBody,
  LoginResponse,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  Tokens,
  ValidOtpBody,
  ValidOtpResponse,
} from './auth.schemas';
import { defineAuthMails } from './auth-mails';
import * as auth from './auth.service';
import { logout, rotate } from './sessions.service';

const tags = ['auth'];

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  defineAuthMails(app);

  app.post('/auth/register', {
    preHandler: app.rateLimit('register'),
    schema: {
      tags,
      summary: 'Sign up; mails a 6-digit verification code',
      body: RegisterBody,
      response: { 201: MessageResponse, ...errors(400, 429) },
    },
    handler: async (request, reply) => {
      await auth.register(app, request.body, { ip: request.ip });
      return reply.code(201).send({ message: auth.AUTH_MESSAGES.registered });
    },
  });

  app.post('/auth/login', {
    preHandler: app.rateLimit('login'),
    schema: {
      tags,
      summary: 'Sign in (unverified users too)',
      querystring: IncludeQuery,
      body: LoginBody,
      response: { 200: LoginResponse, ...errors(400, 401, 429) },
    },
    handler: async (request) => {
      const { email, password, device } = request.body;
      const userAgent = request.headers['user-agent'];
      const { tokens, user } = await auth.login(app, email, password, { ip: request.ip, device, userAgent });
      return { ...tokens, user: toUserDto(user, includes(request.query.include, 'settings')) };
    },
  });

  app.post('/auth/refreshToken', {
    schema: {
      tags,
      summary: 'Rotate the refresh token (reuse revokes the family)',
      body: RefreshBody,
      response: { 200: Tokens, ...errors(400, 401) },
    },
    handler: async (request) => rotate(app, request.body.refreshToken, request.ip),
  });

  app.post('/auth/logout', {
    schema: {
      tags,
      summary: "Revoke this session's token family",
      body: RefreshBody,
      response: { 204: Type.Null(), ...errors(400) },
    },
    handler: async (request, reply) => {
      await logout(app, request.body.refreshToken);
      return reply.code(204).send(null);
    },
  });

  app.post('/auth/forgetPassword', {
    preHandler: app.rateLimit('reset'),
    schema: {
      tags,
      summary: 'Mail a reset code and link (same answer for unknown e-mails)',
      body: EmailBody,
      response: { 200: MessageResponse, ...errors(400, 429) },
    },
    handler: async (request) => {
      await auth.forgetPassword(app, request.body.email, { ip: request.ip });
      return { message: auth.AUTH_MESSAGES.forgot };
    },
  });

  app.post('/auth/validOtp', {
    preHandler: app.rateLimit('otp'),
    schema: {
      tags,
      summary: 'Check a reset code (with the address it was sent to) without using it',
      body: ValidOtpBody,
      response: { 200: ValidOtpResponse, ...errors(400, 429) },
    },
    handler: async (request) => {
      await auth.validOtp(app, request.body.otp, request.body.email, { ip: request.ip, device: request.body.device });
      return { valid: true };
    },
  });

  app.post('/auth/resetPassword', {
    preHandler: app.rateLimit('reset'),
    schema: {
      tags,
      summary: 'Set a new password with a reset code; signs out everywhere',
      body: ResetPasswordBody,
      response: { 200: MessageResponse, ...errors(400, 429) },
    },
    handler: async (request) => {
      await auth.resetPassword(app, request.body, { ip: request.ip, device: request.body.device });
      return { message: auth.AUTH_MESSAGES.reset };
    },
  });

  app.post('/auth/accountConfirmation', {
    preHandler: app.rateLimit('confirmation'),
    schema: {
      tags,
      summary: 'Resend the verification code',
      body: EmailBody,
      response: { 200: MessageResponse, ...errors(400, 429) },
    },
    handler: async (request) => {
      await auth.resendConfirmation(app, request.body.email, { ip: request.ip });
      return { message: auth.AUTH_MESSAGES.confirmationSent };
    },
  });

  app.post('/auth/accountConfirmation/confirm', {
    preHandler: app.rateLimit('otp'),
    schema: {
      tags,
      summary: 'Verify the account with the mailed code',
      body: ConfirmBody,
      response: { 200: ConfirmResponse, ...errors(400, 429) },
    },
    handler: async (request) => {
      const user = await auth.confirmAccount(app, request.body.email, request.body.otp, { ip: request.ip });
      return { message: auth.AUTH_MESSAGES.verified, user: toUserDto(user) };
    },
  });

  app.post('/auth/bootstrap', {
    preHandler: app.rateLimit('bootstrap'),
    schema: {
      tags,
      summary: 'Create the first SuperAdmin with the one-time token printed at start',
      body: BootstrapBody,
      response: { 201: BootstrapResponse, ...errors(400, 401, 403, 409, 429) },
    },
    handler: async (request, reply) => {
      const user = await auth.bootstrap(app, request.body);
      return reply.code(201).send({ message: 'SuperAdmin created. Please sign in.', user });
    },
  });
};

export default authRoutes;

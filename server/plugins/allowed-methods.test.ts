import { describe, expect, it } from 'vitest';
import { allowedMethods } from './allowed-methods.ts';

const ROUTES = [
  'GET /api/v1/items',
  'POST /api/v1/items',
  'GET /api/v1/items/lookup',
  'GET /api/v1/items/:id',
  'PATCH /api/v1/items/:id',
  'GET /api/auth/*',
  'POST /api/auth/*',
];

describe('allowedMethods', () => {
  it('lists the methods of the path, HEAD beside GET', () => {
    expect(allowedMethods(ROUTES, '/api/v1/items')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods(ROUTES, '/api/v1/items/0190a1b2-0000-7000-8000-000000000000')).toEqual([
      'GET',
      'HEAD',
      'PATCH',
    ]);
    expect(allowedMethods(ROUTES, '/api/auth/sign-in/email')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('prefers a static path over a parameter, as the router does', () => {
    expect(allowedMethods(ROUTES, '/api/v1/items/lookup')).toEqual(['GET', 'HEAD']);
  });

  it('finds nothing for a path no route has', () => {
    expect(allowedMethods(ROUTES, '/api/v1/nothing')).toEqual([]);
    expect(allowedMethods(ROUTES, '/api/v1/items/a/b')).toEqual([]);
  });
});

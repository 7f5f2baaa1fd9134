import { describe, expect, it } from 'vitest';
import { personName } from './actor-name.ts';

describe('personName', () => {
  it('keeps the name of "First Last <email>"', () => {
    expect(personName('Otto Op <otto@floor.example>')).toBe('Otto Op');
  });
  it('keeps an address alone and a system actor as they are', () => {
    expect(personName('otto@floor.example')).toBe('otto@floor.example');
    expect(personName('Scheduled maintenance')).toBe('Scheduled maintenance');
  });
});

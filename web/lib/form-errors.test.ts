// The one error mapper: a message by body path lands on the field that shows it, and what no field shows is the
// form's, so nothing the contract or the server says is lost.
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { formErrorsOf, placeErrors } from './form-errors.ts';

const places = {
  fields: ['source', 'quantity', 'itemIds'],
  paths: { 'lines.0.locationId': 'source', 'lines.0.lotId': 'source', 'lines.0.quantity': 'quantity' },
};

describe('placeErrors', () => {
  it('puts a path on its field through the map, or on the field of the same name', () => {
    expect(
      placeErrors({ 'lines.0.quantity': 'Quantity is required', itemIds: 'Pick an item' }, places),
    ).toEqual({
      quantity: 'Quantity is required',
      itemIds: 'Pick an item',
    });
  });

  it('puts a path under a field on that field ("itemIds.2" on the item picker)', () => {
    expect(placeErrors({ 'itemIds.2': 'No such item in your company.' }, places)).toEqual({
      itemIds: 'No such item in your company.',
    });
  });

  it('keeps the first message of a field when two paths land on it', () => {
    expect(
      placeErrors({ 'lines.0.locationId': 'Not a location id', 'lines.0.lotId': 'No such lot' }, places),
    ).toEqual({ source: 'Not a location id' });
  });

  it('gives the form what no field shows, and the whole body’s own message', () => {
    expect(placeErrors({ 'lines.0.itemId': 'Not an item id' }, places)).toEqual({ form: 'Not an item id' });
    expect(placeErrors({ '': 'Add at least one line' }, places)).toEqual({ form: 'Add at least one line' });
  });
});

describe('formErrorsOf', () => {
  it('puts the server’s field errors on the fields, by their server paths', () => {
    const refusal = new ApiError(400, 'BAD_REQUEST', 'No such lot of this item.', {
      'lines.0.lotId': 'No such lot of this item.',
    });
    expect(formErrorsOf(refusal, places)).toEqual({ source: 'No such lot of this item.' });
  });

  it('shows a refusal that names no field on the form, and any other failure as “Something went wrong”', () => {
    expect(formErrorsOf(new ApiError(409, 'CONFLICT', 'Already reversed.'), places)).toEqual({
      form: 'Already reversed.',
    });
    expect(formErrorsOf(new TypeError('Failed to fetch'), places)).toEqual({
      form: 'Something went wrong. Try again.',
    });
  });

  it('also shows the whole message on the form when the form asks for it', () => {
    const notEnough = new ApiError(409, 'CONFLICT', 'Not enough stock: P-100 at A has 4, and 5 is needed.', {
      'lines.0.quantity': 'Not enough stock: P-100 at A has 4, and 5 is needed.',
    });
    expect(formErrorsOf(notEnough, places, { wholeMessage: (failure) => failure.status === 409 })).toEqual({
      quantity: 'Not enough stock: P-100 at A has 4, and 5 is needed.',
      form: 'Not enough stock: P-100 at A has 4, and 5 is needed.',
    });
  });
});

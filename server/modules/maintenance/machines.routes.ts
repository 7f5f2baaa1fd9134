// Machines (decision 055): the Maintenance area must be on. Reading (the list, a machine with its history, the CSV) is
// for everyone in the company, as technicians choose machines when they report a breakdown or complete a PM;
// adding, changing, moving the status and reading the meter by hand are for admins (the Machines screen is theirs).
import { z } from 'zod';
import {
  ZMachineDetailSchema,
  ZMachineFilterSchema,
  ZMachineInputSchema,
  ZMachineListQuerySchema,
  ZMachinePageSchema,
  ZMachineStatusChangeSchema,
  ZMeterReadingInputSchema,
} from '#common/schemas/machines.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import {
  changeMachineStatus,
  createMachine,
  getMachine,
  listMachines,
  recordMeterReading,
  updateMachine,
} from './machines.service.ts';
import { exportMachinesCsv } from './machines-csv.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const machinesRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  const tags = ['maintenance'];

  r.get(
    '/api/v1/machines',
    {
      schema: {
        summary: 'A page of machines by name, searched by name, asset tag, make, model or serial, by status',
        tags,
        querystring: ZMachineListQuerySchema,
        response: { 200: ZMachinePageSchema },
      },
    },
    async (request) => listMachines(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/machines/export.csv',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'The machine list with the same filters, every row, as a CSV file (at most 20,000)',
        tags,
        querystring: ZMachineFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportMachinesCsv(tenantOf(request), request.query)),
  );
  r.post(
    '/api/v1/machines',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['the asset tag is unique in the company whatever its case', 'the location is the company’s'],
      },
      schema: {
        summary: 'Adds a running machine (admin)',
        tags,
        body: ZMachineInputSchema,
        response: { 201: ZMachineDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createMachine(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/machines/:id',
    {
      schema: {
        summary: 'A machine with its latest status changes and meter readings, newest first',
        tags,
        params: ZIdParams,
        response: { 200: ZMachineDetailSchema },
      },
    },
    async (request) => getMachine(tenantOf(request), request.params.id),
  );
  r.put(
    '/api/v1/machines/:id',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['the asset tag is unique in the company whatever its case', 'the location is the company’s'],
      },
      schema: {
        summary: 'Changes a machine’s fields, whole (admin)',
        tags,
        params: ZIdParams,
        body: ZMachineInputSchema,
        response: { 200: ZMachineDetailSchema },
      },
    },
    async (request) => updateMachine(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/machines/:id/status',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['the status differs from the current'],
      },
      schema: {
        summary: 'Moves a machine to running, down or in maintenance, with why; kept in its history (admin)',
        tags,
        params: ZIdParams,
        body: ZMachineStatusChangeSchema,
        response: { 200: ZMachineDetailSchema },
      },
    },
    async (request) => changeMachineStatus(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/machines/:id/meter-readings',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['a reading is never below the machine’s latest'],
      },
      schema: {
        summary: 'Records a runtime meter reading in hours, never below the latest (admin)',
        tags,
        params: ZIdParams,
        body: ZMeterReadingInputSchema,
        response: { 200: ZMachineDetailSchema },
      },
    },
    async (request) => recordMeterReading(tenantOf(request), request.params.id, request.body),
  );
});

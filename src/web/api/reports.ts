import { useMutation } from '@tanstack/react-query';
import type { ApiBody } from '#shared/api-contract';
import { callApi, serverMessage } from './client.js';

/** Files a report about a reflection or a person (docs/product.md#reports-and-suspension). */
export function useFileReport() {
  return useMutation({
    mutationFn: async (input: ApiBody<'POST /api/reports'>) => {
      try {
        return await callApi('POST /api/reports', { body: input });
      } catch (error) {
        throw new Error(serverMessage(error) ?? 'Could not send the report', { cause: error });
      }
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { Inquiry, InquiryBody } from '#shared/schemas/inquiries.ts';
import { api } from '#web/lib/api-client.ts';

function sendInquiry(body: InquiryBody): Promise<Inquiry> {
  return api<Inquiry>('/api/inquiries', { method: 'POST', body });
}

export function useSendInquiry() {
  return useMutation({ mutationFn: sendInquiry });
}

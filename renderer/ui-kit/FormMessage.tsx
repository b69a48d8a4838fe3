/** A form's outcome: confirmed quietly (status), refused loudly (alert). */
export type FormOutcome = { ok: boolean; text: string };

export const FormMessage = ({ message }: { message: FormOutcome | null }) =>
  message ? (
    <p className={message.ok ? 'form-ok' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  ) : null;

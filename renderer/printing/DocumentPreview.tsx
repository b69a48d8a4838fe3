import { useEffect, useState } from 'react';
import type { PrintDocument } from '../../shared/printing';
import type { RequestOf } from '../../shared/ipc/contract';
import { useApp } from './hooks';
import { en } from './messages';
import { PrintPreview } from '../ui-kit/PrintPreview';

type Loaded = { key: string; document: PrintDocument } | { key: string; error: string };

/** Reads a document's lines from main (`print:preview`) and draws them. */
export const DocumentPreview = ({ request }: { request: RequestOf<'print:preview'> }) => {
  const preview = useApp((s) => s.previewPrint);
  const key = JSON.stringify(request);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let current = true;
    void preview(JSON.parse(key) as RequestOf<'print:preview'>).then(
      (result) =>
        current &&
        setLoaded(
          result.ok ? { key, document: result.value } : { key, error: result.error.message },
        ),
    );
    return () => {
      current = false;
    };
  }, [key, preview]);
  if (!loaded || loaded.key !== key)
    return (
      <p className="muted" role="status">
        {en.print.previewLoading}
      </p>
    );
  if ('error' in loaded)
    return (
      <p className="form-error" role="alert">
        {loaded.error}
      </p>
    );
  return <PrintPreview document={loaded.document} />;
};

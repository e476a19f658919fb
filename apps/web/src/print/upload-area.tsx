import { useRef, useState, type DragEvent } from 'react';
import { MAX_FILE_SLOTS, type TDocument } from '@printomat/shared';
import { useT } from '../i18n/use-t';
import { DocumentRow, SlotRow } from './document-row';
import type { TSlot } from './use-uploads';

/** What to upload of the files chosen: at most as many as free slots are left. */
export function takeFiles(list: FileList | null, used: number): File[] {
  if (!list) return [];
  return Array.from(list).slice(0, Math.max(0, MAX_FILE_SLOTS - used));
}

/**
 * Drop files here or choose them: the uploader's one way in (signed-in print page and express).
 * Files beyond the free slots are not taken (`takeFiles`); the person is told how many and why.
 */
export function DropZone(props: {
  onFiles: (list: FileList | null) => void;
  /** Slots still free; files beyond them are left out. */
  free?: number;
  /** Told how many files were left out (0 for none); the zone says it itself without this. */
  onLeftOut?: (count: number) => void;
  /** While the files cannot be taken yet (an express draft being opened). */
  busy?: boolean;
  className?: string;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [leftOut, setLeftOut] = useState(0);
  const take = (list: FileList | null) => {
    const count = Math.max(0, (list?.length ?? 0) - (props.free ?? MAX_FILE_SLOTS));
    if (props.onLeftOut) props.onLeftOut(count);
    else setLeftOut(count);
    props.onFiles(list);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    take(event.dataTransfer.files);
  };
  return (
    <div
      className={props.className ? `drop-zone ${props.className}` : 'drop-zone'}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <span>{t('uploader.drop')}</span>{' '}
      <button
        type="button"
        className="button button--small"
        disabled={props.busy}
        onClick={() => input.current?.click()}
      >
        {t('uploader.choose')}
      </button>
      <input
        ref={input}
        type="file"
        name="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      {leftOut > 0 && <LeftOutNotice count={leftOut} />}
    </div>
  );
}

/** "N files were not added: at most 6 files per job." */
export function LeftOutNotice({ count }: { count: number }) {
  const t = useT();
  return (
    <p className="banner banner--warning" role="alert" data-testid="files-left-out">
      {t('uploader.files_left_out', { count, max: MAX_FILE_SLOTS })}
    </p>
  );
}

/**
 * The job's documents and the files on their way, with the drop zone while a slot is free (or the
 * slots-full notice) when the job can still be changed. `onFiles` gets what was dropped or chosen.
 */
export function UploadArea(props: {
  documents: readonly TDocument[];
  slots: readonly TSlot[];
  editable: boolean;
  onFiles: (list: FileList | null) => void;
  onRemove: (document: TDocument) => void;
  onChanged: () => void;
  onCancel: (slotKey: string) => void;
  /** False where the order is priced in money, not pages (express). */
  showCost?: boolean;
}) {
  const t = useT();
  const { editable } = props;
  const used = props.documents.length + props.slots.length;
  // Kept here, not in the drop zone: taking the last free slots hides the zone.
  const [leftOut, setLeftOut] = useState(0);
  return (
    <>
      {editable && leftOut > 0 && <LeftOutNotice count={leftOut} />}
      {editable && used < MAX_FILE_SLOTS && (
        <DropZone onFiles={props.onFiles} free={MAX_FILE_SLOTS - used} onLeftOut={setLeftOut} />
      )}
      {editable && used >= MAX_FILE_SLOTS && (
        <p className="print-page__full">{t('uploader.slots_full', { max: MAX_FILE_SLOTS })}</p>
      )}
      <ul className="doc-list">
        {props.documents.map((doc) => (
          <DocumentRow
            key={doc.id}
            document={doc}
            editable={editable}
            showCost={props.showCost}
            onRemove={() => props.onRemove(doc)}
            onChanged={props.onChanged}
          />
        ))}
        {props.slots.map((slot) => (
          <SlotRow key={slot.key} slot={slot} onCancel={() => props.onCancel(slot.key)} />
        ))}
      </ul>
    </>
  );
}

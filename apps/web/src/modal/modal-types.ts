import type { ComponentType } from 'react';

export type TModalProps = {
  /** Values of the `:name` segments of the registry pattern. */
  params: Readonly<Record<string, string>>;
  /** Id to put on the modal's heading; the dialog is labelled by it. */
  titleId: string;
  close: () => void;
};

export type TModalModule = { default: ComponentType<TModalProps> };

export type TModalEntry = {
  /** Slash-separated; `:name` matches one segment, e.g. `printjobs/preview/:page/:documentId`. */
  pattern: string;
  load: () => Promise<TModalModule>;
};

/** A rectangle on a page, in millimetres from the top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A run of text on a page with the box it fills (what poppler's word list and OCR give). */
export interface TextItem extends Box {
  text: string;
}

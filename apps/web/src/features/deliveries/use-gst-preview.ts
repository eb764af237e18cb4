// The GST preview is shared by every bill's form (data/gst-preview.ts).
export * from '../../data/gst-preview';

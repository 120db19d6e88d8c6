/**
 * A filter picker's width, fixed whatever it shows (a long choice ends in an ellipsis), so that
 * the box that holds its place while its code loads has its size.
 */
export const pickerWidth = 200;

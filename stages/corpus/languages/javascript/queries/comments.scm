; S003 (comments removed) blanks every node this query captures @comment
; (functions.h, FunctionParser::BlankComments; query_captures.h runs it):
; each byte but '\n' becomes a space. A comment inside a captured comment is
; part of it, blanked once.
(comment) @comment

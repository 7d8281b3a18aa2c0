// SourceData: see ../shared/DESIGN.md. Implementation lands per issue.

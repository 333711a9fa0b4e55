from ..core.stage import Job, StageResult
def build_changelog(job: Job) -> StageResult:
    return StageResult()
